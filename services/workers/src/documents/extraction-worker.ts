import { threadId, type MessagePort } from 'node:worker_threads';
import { getResolvedPDFJS } from 'unpdf';
import { defaultExtractors } from './extract/index';
import { extractOnThisThread, type ContentLimits } from './extract-document';
import type { DocumentFormat, Extracted, Refusal } from './types';

/** One document for a thread of the extraction pool (extraction-pool.ts). */
export interface ExtractionTask {
  name: string;
  format: DocumentFormat;
  bytes: Uint8Array;
  limits: ContentLimits;
  /** Told this thread's id as it starts, so the pool's clock and memory watch start then. */
  started: MessagePort;
}

// PDF.js is loaded as the thread starts (piscina loads this module before the thread takes a task),
// so a document's time limit is not spent loading it.
await getResolvedPDFJS();

/** What the document gave, and the thread that read it (retired by the pool after a limit). */
export interface ExtractionResult {
  threadId: number;
  outcome: Extracted | Refusal;
}

/** The pool's worker: reads one document on this thread (piscina's default export). */
export default async function extractTask(task: ExtractionTask): Promise<ExtractionResult> {
  task.started.postMessage(threadId);
  task.started.close();
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const read = extractOnThisThread(defaultExtractors, task.limits);
  return { threadId, outcome: await read({ name: task.name, format: task.format, bytes }) };
}
