import { XMLParser } from 'fast-xml-parser';
import type { CheckedArchive } from '../archive-limits';
import type { Extracted, ExtractedItem } from '../types';

const slidePath = /^ppt\/slides\/slide(\d+)\.xml$/;

const parser = new XMLParser({
  ignoreAttributes: true,
  // Keep text as written (no number parsing, no trimming of runs).
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  isArray: () => true,
});

/** A run's text: a string, or an object holding '#text' (when the run has attributes kept). */
const runText = (t: unknown): string => {
  if (typeof t === 'string') return t;
  if (t !== null && typeof t === 'object' && '#text' in t) return String(t['#text']);
  return '';
};

/** The text of every paragraph (<a:p>) of a slide: its runs (<a:t>) joined, in document order. */
export const slideParagraphs = (xml: string): string[] => {
  const paragraphs: string[] = [];
  const walk = (node: unknown, inParagraph: string[] | null): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n, inParagraph);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [tag, child] of Object.entries(node)) {
      if (tag === 'a:p') {
        for (const p of Array.isArray(child) ? child : [child]) {
          const runs: string[] = [];
          walk(p, runs);
          const text = runs.join('').trim();
          if (text) paragraphs.push(text);
        }
      } else if (tag === 'a:t' && inParagraph) {
        for (const t of Array.isArray(child) ? (child as unknown[]) : [child]) inParagraph.push(runText(t));
      } else walk(child, inParagraph);
    }
  };
  walk(parser.parse(xml), null);
  return paragraphs;
};

/** pptx: one item per slide with text (slide XML read through the checked archive, counted as it inflates). */
export const extractPptx = async (_bytes: Buffer, archive: CheckedArchive): Promise<Extracted> => {
  const slides = archive.entries
    .map((e) => ({ name: e.name, n: Number(slidePath.exec(e.name)?.[1]) }))
    .filter((s) => Number.isInteger(s.n))
    .sort((a, b) => a.n - b.n);
  const items: ExtractedItem[] = [];
  for (const slide of slides) {
    const xml = (await archive.read(slide.name)).toString('utf8');
    const text = slideParagraphs(xml).join('\n');
    if (text) items.push({ text, location: { slide: slide.n } });
  }
  return { items, isImage: false };
};
