import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { fileStateOf, recordFileProgress } from '@app/command';
import { documentMessages, type EventMetadata, type RecordedEvent } from '@app/contracts';
import { embeddedModelOf } from '../documents/embedded-model';
import { processDocument, type ProgressEvent } from '../documents/process-document';
import type { JobContext, JobProcessor, JobRequest } from './types';

export const documentProcessJob = 'document-process';

/** The job's input: the file's key (from FileUploaded or FileReprocessRequested). */
const DocumentProcessJobData = z.object({ key: z.string().min(1) });

/** FileUploaded and FileReprocessRequested carry the key in their data; anything else is not routed. */
export const documentProcessRoute = (event: RecordedEvent): JobRequest | null => {
  const data = DocumentProcessJobData.safeParse(event.data);
  return data.success ? { name: documentProcessJob, data: { key: data.data.key } } : null;
};

/**
 * Each report is its own result command: the job id plus the event type is its idempotency key, so a
 * retried attempt answers the reports already made instead of making them twice.
 */
const reportMetadata = (metadata: EventMetadata, event: ProgressEvent): EventMetadata => ({
  ...metadata,
  commandId: `${metadata.commandId}:${event.type}`,
});

const servicesOf = (ctx: JobContext) => {
  if (!ctx.blobs || !ctx.vectors)
    throw new UnrecoverableError(
      'document processing needs the workers to be started with the blob and vector stores',
    );
  return { blobs: ctx.blobs, vectors: ctx.vectors };
};

/**
 * The `document-process` job: the file's state (nothing to do once deleted or terminated), then
 * `processDocument` (extraction on the pool's threads), every step recorded on the file's stream. A
 * refusal (type, size, archive or extraction limits, no text) is recorded as FileProcessingFailed and fails the job without retry; anything else (the
 * blob or vector store unreachable) is retried.
 */
export const runDocumentProcess: JobProcessor = async (data, ctx) => {
  const { key } = DocumentProcessJobData.parse(data);
  const { blobs, vectors } = servicesOf(ctx);
  const state = await fileStateOf(ctx.db, key);
  if (!state || state.deleted || state.terminated || !state.uploaded) {
    ctx.logger.info({ key }, 'document not processed: the file is gone, terminated or not uploaded');
    return { key, outcome: 'stopped' };
  }
  const record = (event: ProgressEvent) =>
    recordFileProgress(ctx.db, key, event, reportMetadata(ctx.metadata, event));
  const outcome = await processDocument(
    { key, name: state.name, type: state.type, ragOn: state.ragOn },
    {
      blobs,
      vectors,
      record,
      embeddedModelOf: (sha256) => embeddedModelOf(ctx.db, sha256),
      ...(ctx.extraction ? { extract: ctx.extraction.extract } : {}),
    },
  ).catch(async (e: unknown) => {
    // The last attempt failed (a store unreachable all along): the file says so, not 'processing' forever.
    if (ctx.lastAttempt && !(e instanceof UnrecoverableError))
      await record({
        type: 'FileProcessingFailed',
        data: { key, reason: 'retries-exhausted', message: documentMessages.processingUnavailable },
      });
    throw e;
  });
  if (outcome.outcome === 'refused') {
    ctx.logger.info({ key, reason: outcome.refusal.reason }, 'document refused');
    throw new UnrecoverableError(`document refused: ${outcome.refusal.reason}`);
  }
  ctx.logger.info({ key, ...outcome }, 'document processed');
  return { key, ...outcome };
};
