/**
 * Documents processed per minute: a fixed corpus the bench makes (pdf, docx, txt, each document's
 * content distinct) through the processing worker's own function (`processDocument`: type sniffing,
 * archive limits, extraction, chunking, SHA-256) with in-memory blob and vector stores and reports that
 * go nowhere, so the figure is the worker's CPU work alone. Then the same corpus again: every file is
 * a duplicate, its earlier result reused (nothing extracted). Then the same corpus with extraction on
 * the extraction pool's threads, as the workers run it, beside extraction on this thread: the pool's
 * cost. Then hostile files (documents-hostile.ts). Printed figures, nothing asserted.
 */
import { processDocument, type ProcessingDeps } from '../services/workers/src/documents/process-document';
import { createExtractionPool } from '../services/workers/src/documents/extraction-pool';
import { extractionLimitsFrom } from '../services/workers/src/documents/extraction-limits';
import { memoryBlobStore, memoryVectorStore } from '../services/workers/test/support/document-fakes';
import { docxOf, pdfOf } from '../services/workers/test/support/document-fixtures';
import { fixed, thousands } from './stats';
import { table } from './table';
import { hostileDocumentsSection } from './documents-hostile';

type Out = (line?: string) => void;
type EnvInt = (name: string, fallback: number) => number;

interface CorpusFile {
  format: 'pdf' | 'docx' | 'txt';
  name: string;
  bytes: Buffer;
}

const words = [
  'platform',
  'event',
  'policy',
  'holiday',
  'report',
  'revenue',
  'customer',
  'upload',
  'chunk',
  'answer',
];
/** A deterministic sentence of about 90 characters, distinct per (doc, n). */
const sentence = (doc: number, n: number) =>
  `Document ${doc} sentence ${n} is about the ${words[(doc + n) % words.length]} and the ${words[(doc * 7 + n * 3) % words.length]} of the team.`;
const paragraph = (doc: number, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(doc, from + i)).join(' ');

/** Per format: a 5-page pdf (~2 KB of text a page), a 40-paragraph docx, a 20 KB txt. */
export const buildCorpus = async (perFormat: number): Promise<CorpusFile[]> => {
  const files: CorpusFile[] = [];
  for (let d = 0; d < perFormat; d++) {
    const pages = Array.from({ length: 5 }, (_, p) =>
      Array.from({ length: 20 }, (_, l) => sentence(d, p * 100 + l)).join('\n'),
    );
    files.push({ format: 'pdf', name: `report-${d}.pdf`, bytes: await pdfOf(pages) });
    const paragraphs = Array.from({ length: 40 }, (_, p) => paragraph(d + 10_000, p * 10, 3));
    files.push({ format: 'docx', name: `memo-${d}.docx`, bytes: await docxOf(paragraphs) });
    const text = Array.from({ length: 45 }, (_, p) => paragraph(d + 20_000, p * 10, 5)).join('\n\n');
    files.push({ format: 'txt', name: `notes-${d}.txt`, bytes: Buffer.from(text) });
  }
  return files;
};

interface RunFigures {
  label: string;
  documents: number;
  bytes: number;
  chunks: number;
  reused: number;
  seconds: number;
}

const runCorpus = async (
  label: string,
  files: readonly CorpusFile[],
  deps: ProcessingDeps,
  keyPrefix: string,
  concurrency: number,
): Promise<RunFigures> => {
  const blobs = deps.blobs as ReturnType<typeof memoryBlobStore>;
  const keys = files.map((f, i) => `${keyPrefix}/${i}-${f.name}`);
  await Promise.all(files.map((f, i) => blobs.put(keys[i] ?? '', f.bytes, 'application/octet-stream')));
  let chunks = 0;
  let reused = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      const f = files[i];
      if (!f) continue;
      const r = await processDocument({ key: keys[i] ?? '', name: f.name, type: '', ragOn: true }, deps);
      if (r.outcome !== 'processed') throw new Error(`${f.name} was not processed: ${JSON.stringify(r)}`);
      chunks += r.chunks;
      if (r.reused) reused += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const bytes = files.reduce((s, f) => s + f.bytes.length, 0);
  return { label, documents: files.length, bytes, chunks, reused, seconds };
};

export const documentsSection = async (out: Out, envInt: EnvInt): Promise<void> => {
  const perFormat = envInt('BENCH_DOCUMENTS', 20);
  out(
    `Documents processed per minute: ${perFormat} each of pdf (5 pages), docx (40 paragraphs), txt (20 KB), through the worker's processDocument, in-memory stores`,
  );
  const limits = extractionLimitsFrom(process.env);
  try {
    const corpus = await buildCorpus(perFormat);
    const deps = (): ProcessingDeps => ({
      blobs: memoryBlobStore(),
      vectors: memoryVectorStore(),
      record: async () => 'recorded',
      embeddedModelOf: async () => '',
    });
    // Warm the libraries (PDF.js, mammoth, the zip reader) once, unmeasured.
    await runCorpus('warm', corpus.slice(0, 3), deps(), 'warm', 1);
    const rows: RunFigures[] = [];
    for (const format of ['pdf', 'docx', 'txt'] as const)
      rows.push(
        await runCorpus(
          format,
          corpus.filter((f) => f.format === format),
          deps(),
          format,
          1,
        ),
      );
    const shared = deps();
    rows.push(await runCorpus('all, one at a time', corpus, shared, 'all', 1));
    rows.push(await runCorpus('all again (duplicates: reused)', corpus, shared, 'again', 1));
    rows.push(await runCorpus('all, 4 at a time', corpus, deps(), 'four', 4));
    const pool = createExtractionPool(limits);
    try {
      const pooled = (): ProcessingDeps => ({ ...deps(), extract: pool.extract });
      // Start the pool's threads (tsx, PDF.js), unmeasured.
      await runCorpus('warm', corpus.slice(0, 3 * limits.threads), pooled(), 'pool-warm', limits.threads);
      rows.push(
        await runCorpus(`pool (${limits.threads} thread), one at a time`, corpus, pooled(), 'pool', 1),
      );
      rows.push(
        await runCorpus(`pool (${limits.threads} thread), 4 at a time`, corpus, pooled(), 'pool4', 4),
      );
    } finally {
      await pool.close();
    }
    out();
    out(
      table(
        ['corpus', 'documents', 'MB', 'chunks', 'reused', 'seconds', 'documents/min', 'MB/min'],
        rows.map((r) => [
          r.label,
          String(r.documents),
          fixed(r.bytes / 2 ** 20, 2),
          thousands(r.chunks),
          String(r.reused),
          fixed(r.seconds, 2),
          thousands((r.documents / r.seconds) * 60),
          fixed((r.bytes / 2 ** 20 / r.seconds) * 60, 1),
        ]),
      ),
    );
    const rate = (label: string) => {
      const r = rows.find((x) => x.label === label);
      return r ? r.documents / r.seconds : Number.NaN;
    };
    const pool1 = rate(`pool (${limits.threads} thread), one at a time`);
    const pool4 = rate(`pool (${limits.threads} thread), 4 at a time`);
    out(
      `    pool ÷ this thread: one at a time ${fixed(pool1 / rate('all, one at a time'), 2)} ×, 4 at a time ${fixed(pool4 / rate('all, 4 at a time'), 2)} ×`,
    );
    out();
    await hostileDocumentsSection(out);
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
};
