import { PassThrough } from 'node:stream';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import yazl from 'yazl';

/** Documents built in memory for the tests and the bench: small, deterministic. */

export interface ZipEntrySpec {
  name: string;
  data: string | Buffer;
  /** Stored without compression (default: deflated). */
  store?: boolean;
}

export const zipOf = async (entries: readonly ZipEntrySpec[]): Promise<Buffer> => {
  const zip = new yazl.ZipFile();
  for (const e of entries)
    zip.addBuffer(Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, 'utf8'), e.name, {
      compress: !e.store,
      mtime: new Date(0),
    });
  zip.end();
  const parts: Buffer[] = [];
  const sink = new PassThrough();
  zip.outputStream.pipe(sink);
  for await (const chunk of sink) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const contentTypes = (overrides: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
${overrides}
</Types>`;

const rootRels = (target: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/>
</Relationships>`;

export const docxEntries = (paragraphs: readonly string[]): ZipEntrySpec[] => [
  {
    name: '[Content_Types].xml',
    data: contentTypes(
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
    ),
  },
  { name: '_rels/.rels', data: rootRels('word/document.xml') },
  {
    name: 'word/document.xml',
    data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs
      .map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`)
      .join('')}</w:body></w:document>`,
  },
];

export const docxOf = (paragraphs: readonly string[]) => zipOf(docxEntries(paragraphs));

const slideXml = (paragraphs: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>${paragraphs
    .map(
      (p) =>
        `<a:p>${p
          .split('|')
          .map((run) => `<a:r><a:t>${xmlEscape(run)}</a:t></a:r>`)
          .join('')}</a:p>`,
    )
    .join('')}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;

/** Each slide a list of paragraphs; '|' inside a paragraph splits it into runs. */
export const pptxEntries = (slides: readonly (readonly string[])[]): ZipEntrySpec[] => [
  {
    name: '[Content_Types].xml',
    data: contentTypes(
      '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>',
    ),
  },
  { name: '_rels/.rels', data: rootRels('ppt/presentation.xml') },
  {
    name: 'ppt/presentation.xml',
    data: '<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
  },
  ...slides.map((s, i) => ({ name: `ppt/slides/slide${i + 1}.xml`, data: slideXml(s) })),
];

export const pptxOf = (slides: readonly (readonly string[])[]) => zipOf(pptxEntries(slides));

export const xlsxOf = (rows: readonly (readonly string[])[]) => {
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheet = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map((c, i) => `<c r="${col(i)}${r + 1}" t="inlineStr"><is><t>${xmlEscape(c)}</t></is></c>`)
          .join('')}</row>`,
    )
    .join('');
  return zipOf([
    {
      name: '[Content_Types].xml',
      data: contentTypes(
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
      ),
    },
    { name: '_rels/.rels', data: rootRels('xl/workbook.xml') },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheet}</sheetData></worksheet>`,
    },
  ]);
};

/** A PDF whose pages carry these texts (one line each, Helvetica). */
export const pdfOf = async (pages: readonly string[]): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([595, 842]);
    text.split('\n').forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 16, size: 12, font }));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
};

/** A scanned-looking PDF: one page with only a drawn rectangle, no text at all. */
export const pdfWithoutText = async (): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawRectangle({ x: 50, y: 50, width: 300, height: 200, color: rgb(0.2, 0.2, 0.2) });
  return Buffer.from(await doc.save());
};

/** A 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const centralSignature = 0x02014b50;

/** Rewrites the declared uncompressed size of every central-directory entry whose name matches. */
export const withDeclaredSize = (zip: Buffer, entryName: string, size: number): Buffer => {
  const out = Buffer.from(zip);
  for (let i = 0; i + 46 <= out.length; i++) {
    if (out.readUInt32LE(i) !== centralSignature) continue;
    const nameLength = out.readUInt16LE(i + 28);
    if (out.toString('utf8', i + 46, i + 46 + nameLength) === entryName) out.writeUInt32LE(size, i + 24);
  }
  return out;
};

/** Replaces a name everywhere in the archive (local headers and central directory): same length only. */
export const withRenamedEntry = (zip: Buffer, from: string, to: string): Buffer => {
  if (from.length !== to.length) throw new Error('names must have the same length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from, 'utf8');
  for (let i = out.indexOf(needle); i >= 0; i = out.indexOf(needle, i + 1)) out.write(to, i, 'utf8');
  return out;
};
