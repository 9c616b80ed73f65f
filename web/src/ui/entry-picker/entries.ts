import { isEmail, normaliseEmail } from '@app/contracts';

/** Entries typed or pasted: split on comma, semicolon and newline; blanks dropped. */
export const splitEntries = (raw: string): string[] =>
  raw
    .split(/[,;\r\n]+/)
    .map((e) => e.trim())
    .filter((e) => e.length > 0);

export interface ParsedEntries {
  /** New, valid entries in the order given. */
  accepted: string[];
  /** Invalid entries and duplicates (of the list or of each other), as typed. */
  rejected: string[];
}

const parseWith = (
  raw: string,
  existing: readonly string[],
  normalise: (entry: string) => string,
  valid: (entry: string) => boolean,
): ParsedEntries => {
  const seen = new Set(existing.map(normalise));
  const accepted: string[] = [];
  const rejected: string[] = [];
  for (const entry of splitEntries(raw)) {
    const value = normalise(entry);
    if (!valid(value) || seen.has(value)) {
      rejected.push(entry);
      continue;
    }
    seen.add(value);
    accepted.push(value);
  }
  return { accepted, rejected };
};

/** Emails: trimmed, lower-cased, valid and not already listed. */
export const parseEmailEntries = (raw: string, existing: readonly string[]): ParsedEntries =>
  parseWith(raw, existing, normaliseEmail, isEmail);

/** Free-text names (Amplify group names for now): trimmed, not already listed. */
export const parseNameEntries = (raw: string, existing: readonly string[]): ParsedEntries =>
  parseWith(
    raw,
    existing,
    (e) => e.trim(),
    (e) => e.length > 0,
  );
