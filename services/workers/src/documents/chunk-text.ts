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

/**
 * A document's chunks, item by item (a chunk never spans two items), numbered from 0. Each carries its
 * item's location and `item` (the item's position), so the number of items is known from the chunks.
 */
export const chunkItems = (
  items: readonly ExtractedItem[],
  opts: ChunkingOptions = chunkingDefaults,
): ChunkText[] => {
  const chunks: ChunkText[] = [];
  items.forEach((item, position) => {
    for (const text of chunkOne(item.text, opts))
      chunks.push({ index: chunks.length, text, location: { ...item.location, item: position } });
  });
  return chunks;
};

/** How many items the chunks came from (the distinct `item` of their locations). */
export const itemsOf = (chunks: readonly Pick<ChunkText, 'location'>[]): number =>
  new Set(chunks.map((c) => c.location?.['item'])).size;
