import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import {
  createEmbedder,
  EmbeddingCallError,
  EmbeddingUnavailableError,
  fileStateOf,
  recordFileProgress,
  type Embedder,
  type FileProgressEvent,
} from '@app/command';
import type { EventMetadata, RecordedEvent } from '@app/contracts';
import type { Db, VectorStore } from '@app/platform';
import type { JobContext, JobProcessor, JobRequest } from './types';

export const documentEmbedJob = 'document-embed';

/** The job's input: FileEmbeddingQueued's key and content digest. */
const DocumentEmbedJobData = z.object({ key: z.string().min(1), sha256: z.string().min(1) });

export const documentEmbedRoute = (event: RecordedEvent): JobRequest | null => {
  const data = DocumentEmbedJobData.safeParse(event.data);
  return data.success
    ? { name: documentEmbedJob, data: { key: data.data.key, sha256: data.data.sha256 } }
    : null;
};

/** One embedder per database (its endpoint pool and configuration cache live as long as the workers). */
const embedders = new WeakMap<Db, Embedder>();

const embedderOf = (ctx: JobContext): { embedder: Embedder; vectors: VectorStore } => {
  const { vectors, secrets, outbound } = ctx;
  if (!vectors || !secrets || !outbound)
    throw new UnrecoverableError(
      'embedding needs the workers to be started with the vector store, secrets and outbound client',
    );
  let embedder = embedders.get(ctx.db);
  if (!embedder) {
    embedder = createEmbedder({ db: ctx.db, secrets, outbound });
    embedders.set(ctx.db, embedder);
  }
  return { embedder, vectors };
};

/** Each report its own result command: the job id and the event type are its idempotency key. */
const reportMetadata = (metadata: EventMetadata, event: FileProgressEvent): EventMetadata => ({
  ...metadata,
  commandId: `${metadata.commandId}:${event.type}`,
});

export type DocumentEmbedOutcome =
  | { key: string; outcome: 'embedded'; chunks: number; model: string }
  | { key: string; outcome: 'failed'; reason: string }
  | { key: string; outcome: 'stopped' };

/**
 * The `document-embed` job: the chunks of the file's content that have no vector yet, embedded with
 * the admin's default embeddings model in rounds (one round fills the embedder's parallel calls),
 * each round's vectors kept at once (a retry or an identical file goes on from there). Before each
 * round the file's state is read again: deleted, terminated, or no longer waiting for these
 * vectors (reprocessed) stops the job quietly. Records FileEmbedded {chunks, model}, or
 * FileEmbeddingFailed with the reason when the configuration allows no embedding or every endpoint
 * failed. Anything else (the database) fails the attempt and is retried.
 */
export const runDocumentEmbed: JobProcessor = async (data, ctx): Promise<DocumentEmbedOutcome> => {
  const { key, sha256 } = DocumentEmbedJobData.parse(data);
  const { embedder, vectors } = embedderOf(ctx);
  const record = (event: FileProgressEvent) =>
    recordFileProgress(ctx.db, key, event, reportMetadata(ctx.metadata, event));
  const stillWanted = async () => {
    const state = await fileStateOf(ctx.db, key);
    return (
      state !== null &&
      !state.deleted &&
      !state.terminated &&
      state.phase === 'embedding' &&
      state.sha256 === sha256
    );
  };
  const stopped = (): DocumentEmbedOutcome => {
    ctx.logger.info({ key }, 'embedding stopped: the file is gone, terminated or reprocessed');
    return { key, outcome: 'stopped' };
  };
  const failed = async (reason: string): Promise<DocumentEmbedOutcome> => {
    await record({ type: 'FileEmbeddingFailed', data: { key, reason } });
    return { key, outcome: 'failed', reason };
  };

  if (!(await stillWanted())) return stopped();
  try {
    const session = await embedder.session();
    const pending = await vectors.chunks(sha256, { withoutVectors: true });
    for (let at = 0; at < pending.length; at += session.textsPerRound) {
      if (at > 0 && !(await stillWanted())) return stopped();
      const round = pending.slice(at, at + session.textsPerRound);
      const embedded = await session.embed(
        round.map((c) => c.text),
        ctx.signal,
      );
      await vectors.putVectors(
        sha256,
        round.map((c, i) => ({ index: c.index, vector: embedded[i] ?? [] })),
        session.model,
      );
    }
    const chunks = await vectors.embeddedCount(sha256);
    const recorded = await record({
      type: 'FileEmbedded',
      data: { key, sha256, chunks, model: session.model },
    });
    return recorded === 'recorded' ? { key, outcome: 'embedded', chunks, model: session.model } : stopped();
  } catch (e) {
    if (e instanceof EmbeddingUnavailableError || e instanceof EmbeddingCallError) return failed(e.reason);
    // The last attempt failed (the database or the vector store all along): the file says so.
    if (ctx.lastAttempt) await failed('retries-exhausted').catch(() => undefined);
    throw e;
  }
};
