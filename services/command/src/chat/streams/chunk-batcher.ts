import type { ChatChunk } from '@app/contracts';
import { backoffDelay, defaultListenBackoff } from '@app/platform';
import type { ChunkBatch } from './chunk-batch';
import type { ChatStreamWriter } from './ports';

export interface BatcherOptions {
  /** A batch is flushed this long after its first chunk (default 20 ms)... */
  flushMs?: number;
  /** ...or as soon as it holds this many chunks (default 64). */
  maxBatch?: number;
  /** Attempts to save one batch before it is given up (default 6: about 8 s of backoff). */
  attempts?: number;
  /** A batch given up after its last attempt (logged by the store). */
  onDropped?: (e: unknown, batch: ChunkBatch) => void;
}

export const defaultFlushMs = 20;
export const defaultMaxBatch = 64;
const defaultAttempts = 6;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A stream's writer over `save`: ids are assigned here, 1, 2, 3...; chunks are kept in memory and
 * saved in batches, one save at a time and in id order (a follower that read batch n never misses
 * batch n-1). While a save is in flight the next batch grows, so a slow store gets fewer, larger
 * batches. A failing save is retried with backoff; `write` never throws and `end` never rejects.
 */
export const chunkBatcher = (
  save: (batch: ChunkBatch) => Promise<void>,
  opts: BatcherOptions = {},
): ChatStreamWriter => {
  const flushMs = opts.flushMs ?? defaultFlushMs;
  const maxBatch = opts.maxBatch ?? defaultMaxBatch;
  const attempts = opts.attempts ?? defaultAttempts;
  let nextId = 1;
  let pending: ChatChunk[] = [];
  let pendingFirst = 1;
  let timer: NodeJS.Timeout | undefined;
  let endRequested = false;
  let endSaved = false;
  let chain: Promise<void> = Promise.resolve();
  let queued = false;

  const saveWithRetry = async (batch: ChunkBatch): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await save(batch);
        return;
      } catch (e) {
        if (attempt + 1 >= attempts) {
          opts.onDropped?.(e, batch);
          return;
        }
        await sleep(backoffDelay(attempt, defaultListenBackoff));
      }
    }
  };

  /** Runs on the chain: saves whatever is pending now (and the end, once asked for). */
  const flushOnce = async (): Promise<void> => {
    if (pending.length === 0 && (!endRequested || endSaved)) return;
    const batch: ChunkBatch = {
      firstId: pendingFirst,
      lastId: nextId - 1,
      chunks: pending,
      ended: endRequested,
    };
    pending = [];
    pendingFirst = nextId;
    if (batch.ended) endSaved = true;
    await saveWithRetry(batch);
  };

  const kick = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (!queued) {
      queued = true;
      chain = chain.then(() => {
        queued = false;
        return flushOnce();
      });
    }
    return chain;
  };

  return {
    write: (chunk) => {
      // After the end nothing is kept: 0, no id.
      if (endRequested) return 0;
      const id = nextId++;
      pending.push(chunk);
      if (pending.length >= maxBatch) void kick();
      else timer ??= setTimeout(() => void kick(), flushMs);
      return id;
    },
    end: () => {
      endRequested = true;
      return kick();
    },
  };
};
