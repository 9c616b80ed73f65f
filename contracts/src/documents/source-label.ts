import type { ChatSource } from './embeddings';

type Location = NonNullable<ChatSource['location']>;

const quoted = (value: string | number): string => `“${String(value)}”`;

/** A 1-based number a location gives (page 3, row 12): null when it is not one. */
const ordinal = (value: string | number | undefined): number | null => {
  const n = typeof value === 'number' ? value : Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : null;
};

/** How many items past the first the passage runs over (its chunk packed several paragraphs or rows). */
const extraItems = (location: Location): number => {
  const first = ordinal(location['item']);
  const last = ordinal(location['lastItem']);
  return first !== null && last !== null && last > first ? last - first : 0;
};

/**
 * The parts of a passage's place in its document, in words: the sheet, page, slide or section, then
 * the paragraph, row or entry. Extraction numbers pages, slides, rows and paragraphs from 1 and a
 * JSON array's elements from 0 (shown from 1); a passage the chunker packed from several items
 * (`item` to `lastItem`, its own 0-based positions, never shown) reads as a range. Keys it does not
 * know are left out.
 */
export const locationParts = (location: ChatSource['location']): string[] => {
  if (!location) return [];
  const parts: string[] = [];
  const more = extraItems(location);
  const numbered = (key: string, word: string, plural: string) => {
    const n = ordinal(location[key]);
    if (n !== null) parts.push(more > 0 ? `${plural} ${n}–${n + more}` : `${word} ${n}`);
  };
  const sheet = location['sheet'];
  if (sheet !== undefined && sheet !== '') parts.push(`sheet ${quoted(sheet)}`);
  numbered('page', 'page', 'page');
  numbered('slide', 'slide', 'slide');
  const section = location['section'];
  if (section !== undefined && section !== '') parts.push(`section ${quoted(section)}`);
  numbered('paragraph', 'paragraph', 'paragraphs');
  numbered('line', 'line', 'lines');
  // Empty rows are skipped when extracted: a passage over several rows says where it starts.
  const row = ordinal(location['row']);
  if (row !== null) parts.push(more > 0 ? `from row ${row}` : `row ${row}`);
  const element = ordinal(location['element']);
  if (element !== null)
    parts.push(more > 0 ? `items ${element + 1}–${element + 1 + more}` : `item ${element + 1}`);
  const key = location['key'];
  if (key !== undefined && key !== '') parts.push(`${more > 0 ? 'from entry' : 'entry'} ${quoted(key)}`);
  return parts;
};

/** Where a passage is in its document, in words ("page 3", "sheet “Q3”, row 12"); '' when not known. */
export const locationLabel = (location: ChatSource['location']): string => locationParts(location).join(', ');

/** A source as people read it: the document's name, then where in it the passage is. */
export const sourceLabel = (source: Pick<ChatSource, 'name' | 'location'>): string => {
  const where = locationLabel(source.location);
  return where === '' ? source.name : `${source.name}, ${where}`;
};
