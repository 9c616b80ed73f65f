import { defaultStreamReplayMs } from '@app/contracts';
import type { Logger } from '@app/platform';
import type { BatcherOptions } from './chunk-batcher';

/** What both chat stream stores (PostgreSQL, Redis) take. */
export interface ChatStreamStoreOptions extends Pick<BatcherOptions, 'flushMs' | 'maxBatch' | 'attempts'> {
  /**
   * How long an ended stream stays readable (default 10 minutes); a function is asked at each use
   * (the Retention section's chat stream replay hours: `retention/stream-replay-retention.ts`).
   */
  retentionMs?: number | (() => number);
  /** A stream never ended (its instance crashed) is dropped this long after it opened (default 2 hours). */
  abandonedAfterMs?: number;
  /** A follower reads again at least this often, whatever it heard (default 1 s). */
  pollMs?: number;
  /**
   * The store's writes (and their NOTIFY) start at least this long apart (default 50 ms); rows that
   * come meanwhile go together. Under many streams at once the database gets a few statements a
   * second, not one per round trip; a follower in another process reads at most this much later.
   */
  writeGapMs?: number;
  /** Where a batch given up after its retries is reported (warn; never a chunk's text). */
  logger?: Pick<Logger, 'warn'>;
}

const retentionOf = (given: ChatStreamStoreOptions['retentionMs']): (() => number) =>
  typeof given === 'function' ? given : () => given ?? defaultStreamReplayMs;

export const defaultWriteGapMs = 50;

/** The store's timings, each its default when not given. */
export const storeTimings = (opts: ChatStreamStoreOptions) => ({
  retentionMs: retentionOf(opts.retentionMs),
  abandonedAfterMs: opts.abandonedAfterMs ?? 2 * 3600_000,
  pollMs: opts.pollMs ?? 1000,
  writeGapMs: opts.writeGapMs ?? defaultWriteGapMs,
});

/** The batcher's report of a batch it gave up: the stream and the ids lost, not their text. */
export const droppedBatchLogger =
  (logger: Pick<Logger, 'warn'> | undefined, requestId: string): BatcherOptions['onDropped'] =>
  (e, batch) =>
    logger?.warn(
      { err: e, requestId, firstId: batch.firstId, lastId: batch.lastId },
      'chat stream: a batch of chunks could not be saved and was dropped',
    );
