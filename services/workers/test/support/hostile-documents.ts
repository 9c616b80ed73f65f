import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';

/**
 * Hostile documents as an attacker would upload them, built in memory for the tests and the bench:
 * small on the wire, costly to read.
 */

/** A one-page PDF written byte by byte (objects, xref, trailer) whose page content is `content`. */
const onePagePdf = (content: Buffer, contentDict: string): Buffer => {
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    Buffer.concat([
      Buffer.from(`<< ${contentDict} /Length ${content.length} >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    offset += obj.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
};

/** One page carrying `operators` text-showing operators (`(x) Tj`), its content deflated: ~1 MB. */
export const pdfOfManyOperators = (operators = 3_000_000): Buffer => {
  const one = Buffer.from('(x) Tj ');
  const content = Buffer.alloc(one.length * operators + 40);
  let at = content.write('BT /F1 1 Tf 10 10 Td ');
  for (let i = 0; i < operators; i++) at += one.copy(content, at);
  at += content.write('ET', at);
  return onePagePdf(deflateSync(content.subarray(0, at), { level: 9 }), '/Filter /FlateDecode');
};

/** Deflates `mb` MB of zeros without holding them: a 1 MB block written `mb` times. */
const deflatedZeros = async (mb: number): Promise<Buffer> => {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mb; i++) if (!deflate.write(block)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(parts);
};

/**
 * One page whose content stream inflates to `inflatedMb` MB of zeros (FlateDecode compresses them
 * about 1000:1: ~300 KB on the wire for 300 MB). `disguised` labels the stream an image, which a
 * reader that skips images before reading text would not count.
 */
export const pdfInflatingTo = async (inflatedMb: number, disguised = false): Promise<Buffer> =>
  onePagePdf(
    await deflatedZeros(inflatedMb),
    disguised ? '/Subtype /Image /Filter /FlateDecode' : '/Filter /FlateDecode',
  );

/** An HTML page of `depth` nested elements (a few hundred thousand: ~1.5 MB). */
export const htmlNested = (depth = 300_000): Buffer =>
  Buffer.from(
    `<!doctype html><html><body>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}</body></html>`,
  );

/** An HTML page of `count` sibling elements, each nested only once. */
export const htmlWide = (count: number): Buffer =>
  Buffer.from(`<!doctype html><html><body>${'<p>x</p>'.repeat(count)}</body></html>`);
