import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentMessages, type RecordedEvent } from '@app/contracts';
import { defaultExtractors, type Extractors } from '../../../src/documents/extract/index';
import {
  processDocument,
  sha256Of,
  type FileToProcess,
  type ProgressEvent,
} from '../../../src/documents/process-document';
import { documentProcessJob, documentProcessRoute } from '../../../src/jobs/document-process';
import { routes } from '../../../src/jobs/registry';
import {
  docxEntries,
  docxOf,
  pdfOf,
  pdfWithoutText,
  pptxEntries,
  tinyPng,
  withDeclaredSize,
  withRenamedEntry,
  zipOf,
} from '../../support/document-fixtures';
import { memoryBlobStore, memoryVectorStore } from '../../support/document-fakes';

afterEach(() => vi.restoreAllMocks());

/** The world of one test: in-memory stores, the reports made, extractors counted. */
const world = () => {
  const blobs = memoryBlobStore();
  const vectors = memoryVectorStore();
  const reports: ProgressEvent[] = [];
  const calls: string[] = [];
  const extractors = Object.fromEntries(
    Object.entries(defaultExtractors).map(([format, extract]) => [
      format,
      vi.fn<Extractors[keyof Extractors]>(async (input) => {
        calls.push(format);
        return extract(input);
      }),
    ]),
  ) as unknown as Extractors;
  let answer: 'recorded' | 'ignored' = 'recorded';
  const deps = {
    blobs,
    vectors,
    extractors,
    record: async (event: ProgressEvent) => {
      reports.push(event);
      return answer;
    },
    embeddedModelOf: async () => 'text-embedding-3-small',
  };
  const process = async (name: string, bytes: Buffer, more: Partial<FileToProcess> = {}) => {
    const key = `ann@example.com/${reports.length}-${name}`;
    await blobs.put(key, bytes, 'application/octet-stream');
    return processDocument({ key, name, type: '', ragOn: true, ...more }, deps);
  };
  return {
    blobs,
    vectors,
    reports,
    calls,
    extractors,
    deps,
    process,
    ignoreReports: () => void (answer = 'ignored'),
    types: () => reports.map((r) => r.type),
  };
};

describe('processDocument: Given a file in the blob store, When it is processed', () => {
  it('Then a PDF with text is extracted, chunked, stored under its SHA-256 and queued for embedding', async () => {
    const w = world();
    const pdf = await pdfOf(['Our holiday policy: 25 days a year.', 'Second page.']);
    const r = await w.process('policy.pdf', pdf);
    const sha256 = sha256Of(pdf);
    expect(r).toEqual({
      outcome: 'processed',
      sha256,
      reused: false,
      totalItems: 2,
      chunks: 2,
      next: 'queued',
    });
    expect(w.reports).toEqual([
      {
        type: 'FileProcessingStarted',
        data: { key: expect.any(String) as string, detectedType: 'application/pdf' },
      },
      {
        type: 'FileProcessed',
        data: {
          key: expect.any(String) as string,
          sha256,
          totalItems: 2,
          chunks: 2,
          isImage: false,
          reused: false,
        },
      },
      { type: 'FileEmbeddingQueued', data: { key: expect.any(String) as string, sha256, chunks: 2 } },
    ]);
    expect((await w.vectors.chunks(sha256)).map((c) => c.text)).toEqual([
      'Our holiday policy: 25 days a year.',
      'Second page.',
    ]);
  });

  it('Then a website page (named by its address, no extension) is read as the HTML it was served as', async () => {
    const w = world();
    const key = 'ann@example.com/page-1';
    const html = '<html><body><h1>Opening hours</h1><p>We open at nine.</p></body></html>';
    await w.blobs.put(key, Buffer.from(html), 'text/html; charset=utf-8');
    const r = await processDocument(
      { key, name: 'https://example.com/about', type: 'website/url', ragOn: true },
      w.deps,
    );
    expect(r).toMatchObject({ outcome: 'processed', totalItems: expect.any(Number) as number });
    expect(w.calls).toEqual(['html']);
    const [chunk] = await w.vectors.chunks(sha256Of(Buffer.from(html)));
    expect(chunk?.text).toContain('We open at nine.');
  });

  it('Then the same content uploaded twice is extracted once; the second reuses the first result', async () => {
    const w = world();
    const docx = await docxOf(['Alpha paragraph.', 'Beta paragraph.', 'Gamma paragraph.']);
    const first = await w.process('a.docx', docx);
    const second = await w.process('copy of a.docx', docx);
    expect(w.calls).toEqual(['docx']);
    expect(first).toMatchObject({ reused: false, totalItems: 3, chunks: 1 });
    expect(second).toMatchObject({ reused: true, totalItems: 3, chunks: 1, next: 'queued' });
    expect(w.reports.filter((e) => e.type === 'FileProcessed').map((e) => e.data)).toEqual([
      expect.objectContaining({ reused: false }),
      expect.objectContaining({ reused: true, totalItems: 3, chunks: 1 }),
    ]);
  });

  it('Then content already embedded in full is not queued again: FileEmbedded with the earlier model', async () => {
    const w = world();
    const txt = Buffer.from(`${'One paragraph. '.repeat(50)}\n\n${'Another paragraph. '.repeat(50)}`);
    await w.process('a.txt', txt);
    const sha256 = sha256Of(txt);
    await w.vectors.putVectors(
      sha256,
      [0, 1].map((index) => ({ index, vector: [1, 0] })),
      'text-embedding-3-small',
    );
    const again = await w.process('b.txt', txt);
    expect(again).toMatchObject({ reused: true, next: 'embedded' });
    expect(w.reports.at(-1)).toEqual({
      type: 'FileEmbedded',
      data: { key: expect.any(String) as string, sha256, chunks: 2, model: 'text-embedding-3-small' },
    });
    expect(w.calls).toEqual(['txt']);
  });

  it('Then a PDF with no text (a drawn rectangle) fails with the spec OCR message and nothing is stored', async () => {
    const w = world();
    const r = await w.process('scan.pdf', await pdfWithoutText());
    expect(r).toEqual({
      outcome: 'refused',
      refusal: { reason: 'no-text', message: documentMessages.noTextExtracted },
    });
    expect(w.reports.at(-1)).toEqual({
      type: 'FileProcessingFailed',
      data: {
        key: expect.any(String) as string,
        reason: 'no-text',
        message: documentMessages.noTextExtracted,
      },
    });
    expect(w.vectors.stored.size).toBe(0);
  });

  it('Then a zip-bomb pptx (a huge declared entry) is refused before anything is unpacked', async () => {
    const w = world();
    const inflate = vi.spyOn(zlib, 'createInflateRaw');
    const putChunks = vi.spyOn(w.vectors, 'putChunks');
    const bomb = withDeclaredSize(
      await zipOf(pptxEntries([['Hello']])),
      'ppt/slides/slide1.xml',
      0xfff0_0000,
    );
    const r = await w.process('deck.pptx', bomb);
    expect(r).toEqual({
      outcome: 'refused',
      refusal: { reason: 'archive-too-large', message: documentMessages.archiveTooLarge },
    });
    expect(w.extractors.pptx).not.toHaveBeenCalled();
    expect(inflate).not.toHaveBeenCalled();
    expect(putChunks).not.toHaveBeenCalled();
    expect(w.types()).toEqual(['FileProcessingStarted', 'FileProcessingFailed']);
  });

  it('Then a zip-bomb pptx (a highly compressible entry) is refused by its ratio, nothing inflated', async () => {
    const w = world();
    const inflate = vi.spyOn(zlib, 'createInflateRaw');
    const bomb = await zipOf([
      ...pptxEntries([['Hello']]),
      { name: 'ppt/media/padding.xml', data: Buffer.alloc(4 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const r = await w.process('deck.pptx', bomb);
    expect(r).toMatchObject({ outcome: 'refused', refusal: { message: documentMessages.archiveTooLarge } });
    expect(w.extractors.pptx).not.toHaveBeenCalled();
    expect(inflate).not.toHaveBeenCalled();
  });

  it('Then a pptx with a path outside itself is refused as unsafe', async () => {
    const w = world();
    const zip = withRenamedEntry(
      await zipOf([...pptxEntries([['Hi']]), { name: 'aa/evil.xml', data: 'x' }]),
      'aa/evil.xml',
      '../evil.xml',
    );
    expect(await w.process('deck.pptx', zip)).toMatchObject({
      outcome: 'refused',
      refusal: { message: documentMessages.archiveUnsafe },
    });
    expect(w.extractors.pptx).not.toHaveBeenCalled();
  });

  it('Then a docx whose declared sizes lie is stopped while it inflates, before mammoth reads it', async () => {
    const w = world();
    const honest = await zipOf([
      ...docxEntries(['x']),
      { name: 'word/padding.xml', data: 'a'.repeat(300_000) },
    ]);
    const r = await w.process('a.docx', withDeclaredSize(honest, 'word/padding.xml', 100));
    expect(r).toMatchObject({ outcome: 'refused', refusal: { message: documentMessages.archiveTooLarge } });
    expect(w.vectors.stored.size).toBe(0);
  });

  it('Then a zip named .docx that is not a Word document is refused as a type that lies', async () => {
    const w = world();
    const r = await w.process('a.docx', await zipOf([{ name: 'hello.txt', data: 'hi' }]));
    expect(r).toMatchObject({ outcome: 'refused', refusal: { reason: 'type-mismatch' } });
  });

  it('Then a type that lies about itself is refused before it is started', async () => {
    const w = world();
    const r = await w.process('photo.pdf', tinyPng);
    expect(r).toEqual({
      outcome: 'refused',
      refusal: { reason: 'type-mismatch', message: documentMessages.typeMismatch('PDF', 'a PNG image') },
    });
    expect(w.types()).toEqual(['FileProcessingFailed']);
    expect(w.calls).toEqual([]);
  });

  it('Then a file whose bytes are gone fails with File not found', async () => {
    const w = world();
    expect(await processDocument({ key: 'gone', name: 'a.txt', type: '', ragOn: true }, w.deps)).toEqual({
      outcome: 'refused',
      refusal: { reason: 'blob-missing', message: documentMessages.fileNotFound },
    });
  });

  it('Then a file over the size limit is refused from its head, its bytes never read', async () => {
    const w = world();
    const get = vi.spyOn(w.blobs, 'get');
    await w.blobs.put('k', Buffer.from('more than ten bytes'), 'text/plain');
    expect(
      await processDocument({ key: 'k', name: 'a.txt', type: '', ragOn: true }, { ...w.deps, maxBytes: 10 }),
    ).toMatchObject({ outcome: 'refused', refusal: { reason: 'too-large' } });
    expect(get).not.toHaveBeenCalled();
  });

  it('Then an image is processed with no items and no chunks, and counts as embedded', async () => {
    const w = world();
    const r = await w.process('dot.png', tinyPng);
    expect(r).toMatchObject({ outcome: 'processed', totalItems: 0, chunks: 0, next: 'embedded' });
    expect(w.reports.find((e) => e.type === 'FileProcessed')?.data).toMatchObject({ isImage: true });
    expect(w.reports.at(-1)).toMatchObject({ type: 'FileEmbedded', data: { chunks: 0, model: '' } });
  });

  it('Then with RAG off nothing is queued for embedding', async () => {
    const w = world();
    const r = await w.process('a.md', Buffer.from('# Notes\n\nSome text.'), { ragOn: false });
    expect(r).toMatchObject({ outcome: 'processed', next: 'none' });
    expect(w.types()).toEqual(['FileProcessingStarted', 'FileProcessed']);
  });

  it('Then a file deleted or terminated meanwhile (its report ignored) stops before extracting', async () => {
    const w = world();
    w.ignoreReports();
    expect(await w.process('a.txt', Buffer.from('text'))).toEqual({ outcome: 'stopped' });
    expect(w.calls).toEqual([]);
  });
});

describe('the document-process route', () => {
  const event = (type: string, data: unknown): RecordedEvent => ({
    globalPosition: '7',
    transactionId: '1',
    streamId: 'file-ann/x.pdf',
    streamVersion: 2,
    type,
    data,
    metadata: {
      actor: { email: 'ann@example.com', kind: 'user' },
      commandId: 'c',
      correlationId: 'c',
      causationId: 'c',
      requestId: 'r',
      schemaVersion: 1,
    },
    recordedAt: new Date(0).toISOString(),
  });

  it('FileUploaded and FileReprocessRequested become the job with the key', () => {
    const uploaded = event('FileUploaded', { key: 'ann/x.pdf', size: 1, md5: 'm', sha256: 's' });
    expect(routes(uploaded)).toEqual({ name: documentProcessJob, data: { key: 'ann/x.pdf' } });
    expect(routes(event('FileReprocessRequested', { key: 'ann/x.pdf' }))).toEqual({
      name: documentProcessJob,
      data: { key: 'ann/x.pdf' },
    });
    expect(routes(event('FileDeleted', { key: 'ann/x.pdf' }))).toBeNull();
  });

  it('an event without a key routes nothing (never throws)', () => {
    expect(documentProcessRoute(event('FileUploaded', { nope: 1 }))).toBeNull();
  });
});
