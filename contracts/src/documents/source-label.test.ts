import { describe, expect, it } from 'vitest';
import { locationLabel, sourceLabel } from './source-label';

describe('sourceLabel', () => {
  it('names the document and where the passage is, in words', () => {
    expect(sourceLabel({ name: 'report.pdf', location: { page: 3, item: 2, lastItem: 2 } })).toBe(
      'report.pdf, page 3',
    );
    expect(sourceLabel({ name: 'deck.pptx', location: { slide: 4, item: 3, lastItem: 3 } })).toBe(
      'deck.pptx, slide 4',
    );
    expect(
      sourceLabel({ name: 'sales.xlsx', location: { sheet: 'Q3', row: 12, item: 40, lastItem: 40 } }),
    ).toBe('sales.xlsx, sheet “Q3”, row 12');
    expect(sourceLabel({ name: 'tower.txt', location: { line: 1 } })).toBe('tower.txt, line 1');
    expect(sourceLabel({ name: 'notes.txt' })).toBe('notes.txt');
  });

  it('never shows the chunker’s own fields', () => {
    expect(locationLabel({ item: 0, lastItem: 0, paragraph: 1 })).toBe('paragraph 1');
    expect(locationLabel({ item: 0, lastItem: 0 })).toBe('');
    expect(locationLabel(undefined)).toBe('');
  });

  it('shows a passage packed from several items as a range', () => {
    expect(locationLabel({ paragraph: 3, item: 2, lastItem: 5 })).toBe('paragraphs 3–6');
    expect(locationLabel({ element: 0, item: 0, lastItem: 2 })).toBe('items 1–3');
    expect(locationLabel({ row: 2, item: 1, lastItem: 4 })).toBe('from row 2');
    expect(locationLabel({ key: 'name', item: 0, lastItem: 1 })).toBe('from entry “name”');
  });

  it('shows a JSON array element from 1 and a key by its name', () => {
    expect(locationLabel({ element: 0, item: 0, lastItem: 0 })).toBe('item 1');
    expect(locationLabel({ key: 'owner', item: 3, lastItem: 3 })).toBe('entry “owner”');
  });

  it('reads sections and leaves out keys it does not know or values that are not numbers', () => {
    expect(locationLabel({ section: 'Pricing', paragraph: 2 })).toBe('section “Pricing”, paragraph 2');
    expect(locationLabel({ chunkOffset: 1200, page: 'two', internalId: 'x' })).toBe('');
    expect(locationLabel({ page: -1 })).toBe('');
  });
});
