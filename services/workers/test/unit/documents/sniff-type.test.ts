import { describe, expect, it } from 'vitest';
import { documentMessages } from '@app/contracts';
import { checkOfficeEntries, extensionOf, sniffType } from '../../../src/documents/sniff-type';
import { docxOf, pdfOf, tinyPng } from '../../support/document-fixtures';

const text = (s: string) => Buffer.from(s, 'utf8');
const sniff = (name: string, bytes: Buffer, claimedType = '') => sniffType({ name, claimedType, bytes });

describe('sniffType: the format from the content, checked against the claim', () => {
  it('reads the extension lower-cased, none for a name without one', () => {
    expect(extensionOf('Report.Final.PDF')).toBe('pdf');
    expect(extensionOf('owner/abc.docx')).toBe('docx');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
  });

  it('a PDF is a PDF by its magic bytes', async () => {
    expect(await sniff('a.pdf', await pdfOf(['hi']), 'application/pdf')).toEqual({
      ok: true,
      sniffed: { format: 'pdf', mime: 'application/pdf' },
    });
  });

  it('Office formats are zip archives (their kind is checked from the central directory later)', async () => {
    const r = await sniff('a.docx', await docxOf(['x']));
    expect(r).toEqual({
      ok: true,
      sniffed: {
        format: 'docx',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
    });
  });

  it.each([
    ['notes.txt', 'txt', 'text/plain'],
    ['notes.md', 'md', 'text/markdown'],
    ['table.csv', 'csv', 'text/csv'],
    ['data.json', 'json', 'application/json'],
    ['page.html', 'html', 'text/html'],
  ])('text formats by extension once the bytes are UTF-8: %s', async (name, format, mime) => {
    expect(await sniff(name, text('héllo, world'))).toEqual({ ok: true, sniffed: { format, mime } });
  });

  it('images are images', async () => {
    expect(await sniff('dot.png', tinyPng, 'image/png')).toEqual({
      ok: true,
      sniffed: { format: 'image', mime: 'image/png' },
    });
  });

  it.each([
    ['README', documentMessages.typeNotSupported],
    ['sheet.xls', documentMessages.saveAsXlsx],
    ['sheet.xlsm', documentMessages.saveAsXlsx],
    ['deck.ppt', documentMessages.saveAsPptx],
    ['deck.potx', documentMessages.saveAsPptx],
    ['tool.exe', documentMessages.typeNotSupported],
  ])('refuses %s with the spec message', async (name, message) => {
    expect(await sniff(name, text('anything'))).toEqual({
      ok: false,
      refusal: { reason: 'type-not-supported', message },
    });
  });

  it('ts, tsx and ps1 with no type are binary (refused); with a text type they are text', async () => {
    for (const name of ['a.ts', 'b.tsx', 'c.ps1'])
      expect(await sniff(name, text('const a = 1;'))).toMatchObject({
        ok: false,
        refusal: { message: documentMessages.typeNotSupported },
      });
    expect(await sniff('a.ts', text('const a = 1;'), 'text/plain')).toMatchObject({
      ok: true,
      sniffed: { format: 'txt' },
    });
  });

  it('a type that lies about itself is refused: a PNG named .pdf, a PDF named .txt, binary named .csv', async () => {
    expect(await sniff('scan.pdf', tinyPng)).toEqual({
      ok: false,
      refusal: { reason: 'type-mismatch', message: documentMessages.typeMismatch('PDF', 'a PNG image') },
    });
    expect(await sniff('notes.txt', await pdfOf(['x']))).toEqual({
      ok: false,
      refusal: { reason: 'type-mismatch', message: documentMessages.typeMismatch('TXT', 'PDF') },
    });
    expect(await sniff('table.csv', Buffer.from([0x00, 0x01, 0x80, 0x81, 0x41]))).toMatchObject({
      ok: false,
      refusal: { reason: 'type-mismatch', message: documentMessages.typeMismatch('CSV', 'binary data') },
    });
    expect(await sniff('deck.pptx', text('not a zip'))).toMatchObject({
      ok: false,
      refusal: { message: documentMessages.typeMismatch('PPTX', 'text') },
    });
  });

  it('text that starts like a binary signature is still text', async () => {
    expect(await sniff('tags.csv', text('ID3,name\n1,Ann\n'))).toMatchObject({
      ok: true,
      sniffed: { format: 'csv' },
    });
  });

  it('a binary MIME type contradicted by the content is refused too', async () => {
    expect(await sniff('notes.txt', text('plain words'), 'application/pdf')).toEqual({
      ok: false,
      refusal: { reason: 'type-mismatch', message: documentMessages.typeMismatch('application/pdf', 'text') },
    });
  });

  it('an archive named .docx must hold a Word document', () => {
    expect(checkOfficeEntries('docx', ['[Content_Types].xml', 'word/document.xml'])).toBeNull();
    expect(checkOfficeEntries('pptx', ['word/document.xml'])).toMatchObject({ reason: 'type-mismatch' });
  });
});
