import { describe, expect, it } from 'vitest';
import { checkArchive } from '../../../src/documents/archive-limits';
import { defaultExtractors } from '../../../src/documents/extract/index';
import { slideParagraphs } from '../../../src/documents/extract/pptx';
import type { DocumentFormat } from '../../../src/documents/types';
import { docxOf, pdfOf, pdfWithoutText, pptxOf, tinyPng, xlsxOf } from '../../support/document-fixtures';

const run = async (format: DocumentFormat, bytes: Buffer) => {
  const checked = ['docx', 'pptx', 'xlsx'].includes(format) ? await checkArchive(bytes) : null;
  if (checked && !checked.ok) throw new Error('archive refused');
  try {
    return await defaultExtractors[format]({ bytes, archive: checked?.archive ?? null });
  } finally {
    checked?.archive.close();
  }
};
const text = (s: string) => Buffer.from(s, 'utf8');

describe('extraction, one extractor per format, items with their location', () => {
  it('pdf: one item per page with text', async () => {
    const r = await run('pdf', await pdfOf(['The first page.', 'The second page.']));
    expect(r).toEqual({
      isImage: false,
      items: [
        { text: 'The first page.', location: { page: 1 } },
        { text: 'The second page.', location: { page: 2 } },
      ],
    });
  });

  it('pdf without text (a drawn rectangle only): no item', async () => {
    expect(await run('pdf', await pdfWithoutText())).toEqual({ isImage: false, items: [] });
  });

  it('docx: one item per paragraph', async () => {
    const r = await run('docx', await docxOf(['Quarterly report', 'Revenue grew by 12%.']));
    expect(r.items).toEqual([
      { text: 'Quarterly report', location: { paragraph: 1 } },
      { text: 'Revenue grew by 12%.', location: { paragraph: 2 } },
    ]);
  });

  it('pptx: one item per slide with text, runs joined, paragraphs on lines, slides in number order', async () => {
    const slides = Array.from({ length: 11 }, (_, i) => [`Slide ${i + 1} |title`, 'Body & more']);
    const r = await run('pptx', await pptxOf(slides));
    expect(r.items).toHaveLength(11);
    expect(r.items[0]).toEqual({ text: 'Slide 1 title\nBody & more', location: { slide: 1 } });
    expect(r.items[10]?.location).toEqual({ slide: 11 });
  });

  it('pptx: a slide without text gives no item; <a:t> outside a paragraph is ignored', () => {
    expect(slideParagraphs('<p:sld xmlns:p="p" xmlns:a="a"><p:cSld/></p:sld>')).toEqual([]);
    expect(slideParagraphs('<x xmlns:a="a"><a:p><a:r><a:t> 42 </a:t></a:r></a:p></x>')).toEqual(['42']);
  });

  it('xlsx: one item per non-empty row, with sheet and row', async () => {
    const r = await run(
      'xlsx',
      await xlsxOf([
        ['Name', 'Team'],
        ['Ann', 'Platform'],
      ]),
    );
    expect(r.items).toEqual([
      { text: 'Name, Team', location: { sheet: 'Data', row: 1 } },
      { text: 'Ann, Platform', location: { sheet: 'Data', row: 2 } },
    ]);
  });

  it('csv: one item per row, quoted cells kept whole', async () => {
    const r = await run('csv', text('name,quote\nAnn,"Hello, world"\n\nBob,Hi\n'));
    expect(r.items).toEqual([
      { text: 'name, quote', location: { row: 1 } },
      { text: 'Ann, Hello, world', location: { row: 2 } },
      { text: 'Bob, Hi', location: { row: 3 } },
    ]);
  });

  it('json: an array by element, an object by key, pretty-printed', async () => {
    expect((await run('json', text('[{"a":1},"two"]'))).items).toEqual([
      { text: '{\n  "a": 1\n}', location: { element: 0 } },
      { text: 'two', location: { element: 1 } },
    ]);
    expect((await run('json', text('{"title":"Doc","tags":["x"]}'))).items).toEqual([
      { text: 'title: Doc', location: { key: 'title' } },
      { text: 'tags: [\n  "x"\n]', location: { key: 'tags' } },
    ]);
    await expect(run('json', text('{not json'))).rejects.toThrow();
  });

  it('txt and md: paragraphs between blank lines', async () => {
    const r = await run('md', text('# Title\n\nFirst paragraph\nstill first.\n\n\nSecond.'));
    expect(r.items).toEqual([
      { text: '# Title', location: { paragraph: 1 } },
      { text: 'First paragraph\nstill first.', location: { paragraph: 2 } },
      { text: 'Second.', location: { paragraph: 3 } },
    ]);
  });

  it('html: the visible text, no scripts, links by their text', async () => {
    const r = await run(
      'html',
      text(
        '<html><head><script>var x=1</script></head><body><h1>Hello</h1><p>See <a href="https://x.io">the docs</a>.</p></body></html>',
      ),
    );
    const all = r.items.map((i) => i.text).join('\n');
    expect(all).toContain('Hello');
    expect(all).toContain('See the docs.');
    expect(all).not.toContain('var x');
    expect(all).not.toContain('x.io');
  });

  it('an image: no items, isImage', async () => {
    expect(await run('image', tinyPng)).toEqual({ items: [], isImage: true });
  });
});
