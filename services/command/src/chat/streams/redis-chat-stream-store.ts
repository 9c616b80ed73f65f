import type { Redis } from 'ioredis';
import { followBatches, type ChunkBatch } from './chunk-batch';
import { chunkBatcher } from './chunk-batcher';
import type { ChatStreamStore, StreamedChunk } from './ports';
import { chatStreamKeys, closeRedis, connectRedis } from './redis-connection';
import { afterCursor, batchOfEntry, entriesOf, isDuplicateEntry } from './redis-entries';
import { droppedBatchLogger, storeTimings, type ChatStreamStoreOptions } from './store-options';

export interface RedisChatStreamStoreOptions extends ChatStreamStoreOptions {
  /** Put before every key (tests use one per run). */
  keyPrefix?: string;
}

export interface RedisChatStreamStore extends ChatStreamStore {
  /** Followers of this store replaying or following now. */
  followers(): number;
}

/** Entries read per XRANGE while replaying. */
const replayPage = 100;

/**
 * Chat streams in Redis (when REDIS_URL is set): a Redis Stream per request, one entry per flushed
 * batch (XADD in a pipeline with the keys' expiry), and a key naming its owner. A follower replays
 * with XRANGE, then blocks in XREAD on a connection of its own, which wakes as soon as any instance
 * adds an entry. Keys expire `abandonedAfterMs` after the last write, and `retentionMs` after the end.
 */
export const redisChatStreamStore = (
  redisUrl: string,
  opts: RedisChatStreamStoreOptions = {},
): RedisChatStreamStore => {
  const prefix = opts.keyPrefix ?? '';
  const { retentionMs, abandonedAfterMs, pollMs } = storeTimings(opts);
  const redis = connectRedis(redisUrl);
  redis.on('error', () => undefined);
  const following = new Set<Redis>();
  let active = 0;
  let closed = false;

  const save = (requestId: string) => async (batch: ChunkBatch) => {
    const keys = chatStreamKeys(prefix, requestId);
    const ttl = batch.ended ? retentionMs() : abandonedAfterMs;
    const multi = redis.multi();
    for (const entry of entriesOf(batch)) multi.xadd(keys.chunks, entry.id, ...entry.fields);
    const results = await multi.pexpire(keys.chunks, ttl).pexpire(keys.owner, ttl).exec();
    const failed = results?.find(([e]) => e !== null && !isDuplicateEntry(e));
    if (failed?.[0]) throw failed[0];
  };

  const readAfter = async (key: string, cursor: number): Promise<ChunkBatch[]> => {
    const entries = await redis.xrange(key, `(${afterCursor(cursor)}`, '+', 'COUNT', replayPage);
    return entries.map(([id, fields]) => batchOfEntry(id, fields));
  };

  async function* follow(requestId: string, afterId: number, signal: AbortSignal) {
    const keys = chatStreamKeys(prefix, requestId);
    const cursor = { at: afterId };
    const stopped = () => signal.aborted || closed;
    let blocking: Redis | null = null;
    const stop = () => blocking?.disconnect();
    signal.addEventListener('abort', stop, { once: true });
    active += 1;
    try {
      // Replay what is there, a page at a time.
      for (;;) {
        const batches = await readAfter(keys.chunks, cursor.at);
        if ((yield* followBatches(batches, cursor, stopped)) !== 'more') return;
        if (batches.length < replayPage) break;
      }
      // Then live, blocked on a connection of our own.
      blocking = redis.duplicate();
      blocking.on('error', () => undefined);
      following.add(blocking);
      while (!stopped()) {
        let answer: Awaited<ReturnType<Redis['xread']>>;
        try {
          answer = await blocking.xread('BLOCK', pollMs, 'STREAMS', keys.chunks, afterCursor(cursor.at));
        } catch {
          if (stopped()) return;
          await new Promise((resolve) => setTimeout(resolve, pollMs));
          continue;
        }
        if (answer === null) {
          // Nothing new within the poll: is the stream still there (not expired)?
          if ((await redis.exists(keys.owner)) === 0) return;
          continue;
        }
        const batches = answer.flatMap(([, entries]) =>
          entries.map(([id, fields]) => batchOfEntry(id, fields)),
        );
        if ((yield* followBatches(batches, cursor, stopped)) !== 'more') return;
      }
    } finally {
      active -= 1;
      signal.removeEventListener('abort', stop);
      if (blocking) {
        following.delete(blocking);
        blocking.disconnect();
      }
    }
  }

  return {
    open: async (requestId, owner) => {
      const keys = chatStreamKeys(prefix, requestId);
      const set = await redis.set(keys.owner, owner, 'PX', abandonedAfterMs, 'NX');
      if (set !== 'OK') throw new Error(`The chat stream ${requestId} is open already`);
      return chunkBatcher(save(requestId), {
        ...opts,
        onDropped: droppedBatchLogger(opts.logger, requestId),
      });
    },
    follow: async (requestId, owner, afterId, signal) => {
      if (closed) return null;
      const stored = await redis.get(chatStreamKeys(prefix, requestId).owner);
      if (stored !== owner) return null;
      return follow(requestId, afterId, signal) satisfies AsyncIterable<StreamedChunk>;
    },
    followers: () => active,
    close: async () => {
      closed = true;
      for (const b of following) b.disconnect();
      following.clear();
      await closeRedis(redis);
    },
  };
};
