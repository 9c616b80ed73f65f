import { threadId, type MessagePort } from 'node:worker_threads';
import { getResolvedPDFJS } from 'unpdf';
import { defaultExtractors } from './extract/index';
import { extractOnThisThread, isRefusal, type ContentLimits, type ReadDocument } from './extract-document';
import type { DocumentFormat, Refusal } from './types';

/** One document for a thread of the extraction pool (extraction-pool.ts). */
export interface ExtractionTask {
  name: string;
  format: DocumentFormat;
  bytes: Uint8Array;
  limits: ContentLimits;
  /** The thread's reports to the pool while it reads: started (the clock starts), or past a limit. */
  reports: MessagePort;
}

export type ExtractionReport =
  | { kind: 'started'; threadId: number }
  /** Past a limit this thread checks itself: the pool terminates the thread and refuses the document. */
  | { kind: 'over-limit'; refusal: Refusal };

/** A refusal for a limit checked on the thread (inflated bytes, HTML depth or element count). */
const isLimitRefusal = (r: ReadDocument | Refusal): r is Refusal =>
  isRefusal(r) && r.reason.endsWith('-limit');

// PDF.js is loaded as the thread starts (piscina loads this module before the thread takes a task),
// so a document's time limit is not spent loading it.
await getResolvedPDFJS();

/**
 * The pool's worker (piscina's default export): reads one document on this thread. Past a limit it
 * reports the refusal and never returns, so the pool ends this very thread (by aborting its task)
 * before it could take another document.
 */
export default async function extractTask(task: ExtractionTask): Promise<ReadDocument | Refusal> {
  const report = (r: ExtractionReport) => task.reports.postMessage(r);
  report({ kind: 'started', threadId });
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const outcome = await extractOnThisThread(
    defaultExtractors,
    task.limits,
  )({
    name: task.name,
    format: task.format,
    bytes,
  });
  if (!isLimitRefusal(outcome)) return outcome;
  report({ kind: 'over-limit', refusal: outcome });
  return new Promise<never>(() => {});
}
