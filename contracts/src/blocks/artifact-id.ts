/**
 * Artifact ids: a new artifact gets its name with underscores, a hyphen and seven
 * random digits; a revision of an existing artifact reuses the exact existing id.
 */

/** The shape of an artifact id: a name part (no spaces), a hyphen, seven digits. */
export const artifactIdPattern = /^[^\s]{1,200}-\d{7}$/;

export const isArtifactId = (id: string): boolean => artifactIdPattern.test(id);

/** The name part: trimmed, every run of whitespace one underscore, at most 200 characters. */
export const artifactIdName = (name: string): string => {
  const part = name.trim().replace(/\s+/g, '_').slice(0, 200);
  return part === '' ? 'artifact' : part;
};

/**
 * A new artifact's id. `randomDigit` gives one digit 0-9 (the browser passes one drawn from
 * crypto.getRandomValues; tests pass a fixed sequence).
 */
export const newArtifactId = (name: string, randomDigit: () => number): string => {
  let digits = '';
  for (let i = 0; i < 7; i++) digits += String(Math.abs(Math.trunc(randomDigit())) % 10);
  return `${artifactIdName(name)}-${digits}`;
};

/** The id an artifact is saved under: the existing id for a revision, else a new one. */
export const artifactIdFor = (
  requestedId: string,
  name: string,
  existingIds: ReadonlySet<string>,
  randomDigit: () => number,
): { ok: true; id: string; revision: boolean } | { ok: false; missingId: string } => {
  if (requestedId !== '') {
    return existingIds.has(requestedId)
      ? { ok: true, id: requestedId, revision: true }
      : { ok: false, missingId: requestedId };
  }
  let id = newArtifactId(name, randomDigit);
  while (existingIds.has(id)) id = newArtifactId(name, randomDigit);
  return { ok: true, id, revision: false };
};
