import { threadId, type MessagePort } from 'node:worker_threads';
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

/** The pool's worker: reads one document on this thread (piscina's default export). */
export default async function extractTask(task: ExtractionTask): Promise<Extracted | Refusal> {
  task.started.postMessage(threadId);
  task.started.close();
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  return extractOnThisThread(defaultExtractors, task.limits)({ name: task.name, format: task.format, bytes });
}
