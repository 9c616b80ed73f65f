import { chunkingDefaults, type ChunkingOptions } from '@app/contracts';
import type { ChunkText } from '@app/platform';
import type { ExtractedItem } from './types';

/** Spaces and tabs collapsed, lines trimmed, at most one blank line in a row, no blank ends. */
export const normalizeText = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const sentenceEnd = /[.!?]["')\]]?(?=\s)/g;

/** Where to end a chunk that starts at `start` and may reach `end` (exclusive): the best boundary. */
const cutPoint = (text: string, start: number, end: number, opts: ChunkingOptions): number => {
  const window = text.slice(start, end);
  const least = Math.ceil(window.length * opts.minBoundaryFraction);
  const paragraph = window.lastIndexOf('\n\n');
  if (paragraph >= least) return start + paragraph;
  let sentence = -1;
  for (const m of window.matchAll(sentenceEnd)) sentence = m.index + m[0].length;
  if (sentence >= least) return start + sentence;
  const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
  if (space >= least) return start + space;
  return end;
};

/** Where the next chunk starts: `overlapChars` before the cut, moved forward to a word's start. */
const nextStart = (text: string, start: number, cut: number, opts: ChunkingOptions): number => {
  if (opts.overlapChars <= 0) return cut;
  const from = Math.max(start + 1, cut - opts.overlapChars);
  const space = text.slice(from, cut).search(/\s/);
  return space >= 0 && from + space + 1 < cut ? from + space + 1 : from;
};

/** The chunks of one text (normalised first), deterministic. */
export const chunkOne = (raw: string, opts: ChunkingOptions = chunkingDefaults): string[] => {
  const text = normalizeText(raw);
  if (text.length === 0) return [];
  if (text.length <= opts.maxChars) return [text];
  const chunks: string[] = [];
  let start = 0;
  for (;;) {
    const end = Math.min(start + opts.maxChars, text.length);
    const cut = end === text.length ? end : cutPoint(text, start, end, opts);
    const chunk = text.slice(start, cut).trim();
    if (chunk.length > 0) chunks.push(chunk);
    if (cut >= text.length) return chunks;
    start = nextStart(text, start, cut, opts);
  }
};

/** Location keys that number small items inside a larger unit (a row of a sheet, a paragraph). */
const fineKeys = new Set(['row', 'paragraph', 'element', 'key']);

/** The unit an item belongs to (its location without the fine keys): small items pack within one unit. */
const unitOf = (item: ExtractedItem): string =>
  JSON.stringify(
    Object.entries(item.location)
      .filter(([k]) => !fineKeys.has(k))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/**
 * A document's chunks, numbered from 0. Consecutive small items of one unit (paragraphs, rows of one
 * sheet, elements) are packed into one chunk up to `maxChars`, joined by a blank line; an item longer
 * than that is split on its own (`chunkOne`, with the overlap); pages and slides are units of their
 * own, so a chunk never spans two of them. Each chunk carries its first item's location, `item` (that
 * item's position) and `lastItem` (the last item's), so the number of items is known from the chunks.
 */
export const chunkItems = (
  items: readonly ExtractedItem[],
  opts: ChunkingOptions = chunkingDefaults,
): ChunkText[] => {
  const chunks: ChunkText[] = [];
  let open: { texts: string[]; length: number; first: number; last: number; unit: string } | null = null;
  const close = () => {
    if (!open) return;
    const first = items[open.first];
    chunks.push({
      index: chunks.length,
      text: open.texts.join('\n\n'),
      location: { ...first?.location, item: open.first, lastItem: open.last },
    });
    open = null;
  };
  items.forEach((item, position) => {
    const pieces = chunkOne(item.text, opts);
    if (pieces.length === 0) return;
    const unit = unitOf(item);
    const [only] = pieces;
    if (pieces.length === 1 && only !== undefined) {
      if (open && open.unit === unit && open.length + 2 + only.length <= opts.maxChars) {
        open.texts.push(only);
        open.length += 2 + only.length;
        open.last = position;
        return;
      }
      close();
      open = { texts: [only], length: only.length, first: position, last: position, unit };
      return;
    }
    close();
    for (const text of pieces)
      chunks.push({
        index: chunks.length,
        text,
        location: { ...item.location, item: position, lastItem: position },
      });
  });
  close();
  return chunks;
};

/** How many items the chunks came from (every position from `item` to `lastItem`). */
export const itemsOf = (chunks: readonly Pick<ChunkText, 'location'>[]): number => {
  const seen = new Set<number>();
  for (const c of chunks) {
    const first = Number(c.location?.['item']);
    const last = Number(c.location?.['lastItem'] ?? first);
    if (!Number.isInteger(first)) continue;
    for (let i = first; i <= (Number.isInteger(last) ? last : first); i++) seen.add(i);
  }
  return seen.size;
};
