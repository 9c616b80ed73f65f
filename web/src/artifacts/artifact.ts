import { artifactIdFor, artifactLimits, blockTexts, type ArtifactType } from '@app/contracts';

export interface ArtifactDraft {
  /** '' for a new artifact; the existing id for a revision. */
  id: string;
  name: string;
  description: string;
  type: ArtifactType;
  instructions: string;
  content: string;
}

/** An artifact kept in this browser for one conversation; a revision replaces it under the same id. */
export interface Artifact extends ArtifactDraft {
  /** 1 for a new artifact, then one more per revision. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type SaveResult = { ok: true; artifacts: Artifact[]; saved: Artifact } | { ok: false; error: string };

/** One digit drawn from the browser's random source. */
export const randomDigit = (): number => {
  const [n = 0] = crypto.getRandomValues(new Uint32Array(1));
  return n % 10;
};

/**
 * The conversation's artifacts with `draft` saved: a new one gets an id by the rule (name with
 * underscores, a hyphen, seven random digits), a revision keeps the exact id. Pure but for `digit`.
 */
export const saveDraft = (
  artifacts: readonly Artifact[],
  draft: ArtifactDraft,
  now: string,
  digit: () => number = randomDigit,
): SaveResult => {
  const name = draft.name.trim();
  if (name === '') return { ok: false, error: 'The artifact needs a name.' };
  if (draft.content.length > artifactLimits.contentLength) {
    return {
      ok: false,
      error: `The content is too long (at most ${artifactLimits.contentLength} characters).`,
    };
  }
  const ids = new Set(artifacts.map((a) => a.id));
  const target = artifactIdFor(draft.id, name, ids, digit);
  if (!target.ok) return { ok: false, error: blockTexts.artifactNotFound(target.missingId) };
  const previous = artifacts.find((a) => a.id === target.id);
  if (!previous && artifacts.length >= artifactLimits.perConversation) {
    return { ok: false, error: `A conversation keeps at most ${artifactLimits.perConversation} artifacts.` };
  }
  const saved: Artifact = {
    id: target.id,
    name,
    description: draft.description,
    type: draft.type,
    instructions: draft.instructions,
    content: draft.content,
    version: previous ? previous.version + 1 : 1,
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
  };
  return {
    ok: true,
    saved,
    artifacts: previous ? artifacts.map((a) => (a.id === saved.id ? saved : a)) : [...artifacts, saved],
  };
};

/** The file name an artifact downloads as. */
export const artifactFileName = (a: Pick<Artifact, 'id' | 'type'>): string => {
  const ext: Record<ArtifactType, string> = {
    text: 'txt',
    markdown: 'md',
    code: 'txt',
    html: 'html',
    json: 'json',
    csv: 'csv',
    svg: 'svg',
  };
  return `${a.id}.${ext[a.type]}`;
};
