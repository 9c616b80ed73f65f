/**
 * How extracted text is cut into chunks before it is embedded (issue 9: "chunking with stated
 * defaults"). The processing worker applies these to every item a document yields (a page, a slide,
 * a row, a paragraph), one item at a time, so a chunk never spans two pages or two slides.
 *
 * - A chunk holds at most `maxChars` characters (1,000).
 * - Consecutive chunks of one item share `overlapChars` characters (200): the end of one chunk is
 *   repeated at the start of the next, so a sentence cut at a boundary is whole in one of them.
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
