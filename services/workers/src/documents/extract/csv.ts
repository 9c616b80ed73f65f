import { parse } from 'csv-parse/sync';
import type { Extracted } from '../types';
import { decodeText } from './text';

/** csv: one item per non-empty row (the header row included, as row 1), cells joined by ", ". */
export const extractCsv = (bytes: Uint8Array): Extracted => {
  const rows: string[][] = parse(decodeText(bytes), {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  const items = rows.flatMap((cells, i) => {
    const text = cells
      .map((c) => c.trim())
      .filter((c) => c.length > 0)
      .join(', ');
    return text ? [{ text, location: { row: i + 1 } }] : [];
  });
  return { items, isImage: false };
};
