/**
 * How extracted text is cut into chunks before it is embedded, with the defaults stated below. A
 * document yields items (a page, a slide, a row, a paragraph); the processing worker
 * chunks them in order:
 *
 * - A chunk holds at most `maxChars` characters (1,000).
 * - Consecutive small items of one unit (paragraphs, the rows of one sheet, json elements) are packed
 *   into one chunk, joined by a blank line, while it stays within `maxChars`. Pages and slides are
 *   units of their own: a chunk never spans two pages or two slides.
 * - An item longer than `maxChars` is split on its own; its consecutive chunks share `overlapChars`
 *   characters (200): the end of one is repeated at the start of the next (from a word's start), so
 *   a sentence cut at a boundary is whole in one of them.
 * - A chunk ends at the last paragraph break (a blank line) within its window, else at the last
 *   sentence end (`.`, `!`, `?` followed by a space), else at the last space, else it is cut hard; a
 *   boundary is taken only if it leaves at least `minBoundaryFraction` of the window in the chunk.
 * - Whitespace runs are collapsed (newlines kept as paragraph marks); empty items yield no chunk.
 * - The same text always yields the same chunks (no randomness, no locale).
 */
export const chunkingDefaults = {
  maxChars: 1_000,
  overlapChars: 200,
  minBoundaryFraction: 0.5,
} as const;

export interface ChunkingOptions {
  maxChars: number;
  overlapChars: number;
  minBoundaryFraction: number;
}
