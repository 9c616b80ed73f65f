/** Attachment names. */
export const fileNameLimits = {
  /** Characters of a name a chip shows. */
  displayLength: 12,
} as const;

/** A document's name as kept: every run of spaces and underscores becomes one underscore. */
export const collapseFileName = (name: string): string => name.replace(/[ _]+/g, '_');

/** The name a chip shows: its first 12 characters, and an ellipsis when there was more. */
export const displayFileName = (name: string, length: number = fileNameLimits.displayLength): string => {
  const chars = Array.from(name);
  return chars.length <= length ? name : `${chars.slice(0, length).join('')}…`;
};

/** The extension after the last dot, lower-cased; null when there is none (`notes`, `.env`, `a.`). */
export const fileExtension = (name: string): string | null => {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  return name.slice(dot + 1).toLowerCase();
};
