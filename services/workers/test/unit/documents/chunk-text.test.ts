import { describe, expect, it } from 'vitest';
import { chunkingDefaults } from '@app/contracts';
import { chunkItems, chunkOne, itemsOf, normalizeText } from '../../../src/documents/chunk-text';

const sentence = (n: number) => `Sentence number ${n} says something about the platform.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

describe('chunking with the stated defaults (1,000 characters, 200 overlap)', () => {
  it('states its defaults in contracts', () => {
    expect(chunkingDefaults).toEqual({ maxChars: 1000, overlapChars: 200, minBoundaryFraction: 0.5 });
  });

  it('given a short text, when chunked, then it is one chunk, whitespace collapsed', () => {
    expect(chunkOne('  Hello \t  world.\r\n\r\n\r\n\r\nBye  ')).toEqual(['Hello world.\n\nBye']);
    expect(normalizeText('a  b\n\n\n\nc')).toBe('a b\n\nc');
  });

  it('given an empty or blank text, then no chunk', () => {
    expect(chunkOne('')).toEqual([]);
    expect(chunkOne(' \n\t \n')).toEqual([]);
  });

  it('given a long text, then no chunk is longer than 1,000 characters and each ends at a sentence', () => {
    const text = paragraph(1, 60);
    const chunks = chunkOne(text);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(1000);
    for (const c of chunks.slice(0, -1)) expect(c.endsWith('platform.')).toBe(true);
  });

  it('consecutive chunks overlap by up to 200 characters, starting at a word', () => {
    const chunks = chunkOne(paragraph(1, 60));
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1] ?? '';
      const cur = chunks[i] ?? '';
      const head = cur.slice(0, 40);
      expect(prev.includes(head)).toBe(true);
      expect(prev.length - prev.lastIndexOf(head)).toBeLessThanOrEqual(200);
      expect(/^\S/.test(cur)).toBe(true);
    }
  });

  it('prefers a paragraph break over a sentence end', () => {
    const text = `${paragraph(1, 12)}\n\n${paragraph(100, 12)}`;
    const [first] = chunkOne(text);
    expect(first).toBe(paragraph(1, 12));
  });

  it('cuts a text without spaces hard at 1,000 characters', () => {
    const chunks = chunkOne('x'.repeat(2500));
    expect(chunks.map((c) => c.length)).toEqual([1000, 1000, 900]);
  });

  it('is deterministic', () => {
    const text = paragraph(1, 80);
    expect(chunkOne(text)).toEqual(chunkOne(text));
  });

  it('packs consecutive small items of one unit up to 1,000 characters, numbered from 0', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      text: `Row ${i}: ${'x'.repeat(60)}`,
      location: { sheet: 'Data', row: i + 1 },
    }));
    const chunks = chunkItems(rows);
    expect(chunks.length).toBe(3);
    expect(chunks.every((c) => c.text.length <= 1000)).toBe(true);
    expect(chunks[0]?.text.startsWith('Row 0: ')).toBe(true);
    expect(chunks[0]?.text.split('\n\n')[1]?.startsWith('Row 1: ')).toBe(true);
    expect(chunks[0]?.location).toEqual({ sheet: 'Data', row: 1, item: 0, lastItem: 13 });
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(itemsOf(chunks)).toBe(30);
  });

  it('never packs across units (pages, slides, sheets); a long item is split alone, with overlap', () => {
    const chunks = chunkItems([
      { text: 'Page one.', location: { page: 1 } },
      { text: '   ', location: { page: 2 } },
      { text: 'Page three.', location: { page: 3 } },
      { text: paragraph(1, 30), location: { page: 4 } },
      { text: 'Sheet A row.', location: { sheet: 'A', row: 1 } },
      { text: 'Sheet B row.', location: { sheet: 'B', row: 1 } },
    ]);
    expect(chunks[0]).toEqual({ index: 0, text: 'Page one.', location: { page: 1, item: 0, lastItem: 0 } });
    expect(chunks[1]).toEqual({ index: 1, text: 'Page three.', location: { page: 3, item: 2, lastItem: 2 } });
    const long = chunks.filter((c) => c.location?.['page'] === 4);
    expect(long.length).toBeGreaterThan(1);
    expect(chunks.slice(-2).map((c) => c.text)).toEqual(['Sheet A row.', 'Sheet B row.']);
    expect(itemsOf(chunks)).toBe(5);
  });
});
