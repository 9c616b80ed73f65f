import { briefError, listen, type Db, type Listener } from '@app/platform';
import { chunksAfter, storedChunks, type ChunkBatch } from './chunk-batch';
import { chunkBatcher } from './chunk-batcher';
import { idsNotifier, idsOfPayload } from './ids-notifier';
import type { ChatStreamStore, StreamedChunk } from './ports';
import {
  defaultAbandonedAfterMs,
  defaultPollMs,
  defaultRetentionMs,
  droppedBatchLogger,
  type ChatStreamStoreOptions,
} from './store-options';
import { streamWakes } from './stream-wakes';

export interface PgChatStreamStoreOptions extends ChatStreamStoreOptions {
  /** How often the store prunes old streams (default every minute; 0: never, call `prune`). */
  pruneEveryMs?: number;
  /** The NOTIFY channel flushes are announced on (default `chat_stream_chunks`). */
  channel?: string;
}

export interface PgChatStreamStore extends ChatStreamStore {
  /** Deletes ended streams older than the retention and streams never ended older than two hours. */
  prune(now?: Date): Promise<number>;
  /** Followers of this store waiting or reading now. */
  followers(): number;
}

export const chatStreamsChannel = 'chat_stream_chunks';

/**
 * Chat streams in PostgreSQL (`chat_stream_chunks`, migration 0012): one row per flushed batch.
 * After each flush the followers of this process are woken at once, and the others by a NOTIFY on
 * `channel` naming the request (coalesced). A follower reads the rows after what it has, then waits
 * for a wake, the NOTIFY (a LISTEN connection that reconnects forever) or its poll, whichever first.
 */
export const pgChatStreamStore = (
  db: Db,
  databaseUrl: string,
  opts: PgChatStreamStoreOptions = {},
): PgChatStreamStore => {
  const channel = opts.channel ?? chatStreamsChannel;
  const retentionMs = opts.retentionMs ?? defaultRetentionMs;
  const abandonedAfterMs = opts.abandonedAfterMs ?? defaultAbandonedAfterMs;
  const pollMs = opts.pollMs ?? defaultPollMs;
  const wakes = streamWakes();
  const notifier = idsNotifier(db, channel);
  let listening: Promise<Listener> | null = null;
  let closed = false;

  const ensureListening = (): Promise<Listener> =>
    (listening ??= listen(
      databaseUrl,
      [channel],
      (_channel, payload) => {
        const ids = idsOfPayload(payload);
        if (ids.length === 0) wakes.wakeAll();
        else ids.forEach((id) => wakes.wake(id));
      },
      (e) => opts.logger?.warn({ err: briefError(e) }, 'chat streams: LISTEN connection lost, reconnecting'),
      { name: 'chat streams', onReconnected: () => wakes.wakeAll() },
    ));

  const save = (requestId: string, owner: string) => async (batch: ChunkBatch) => {
    await db
      .insertInto('chat_stream_chunks')
      .values({
        request_id: requestId,
        owner,
        first_id: batch.firstId,
        last_id: batch.lastId,
        chunks: JSON.stringify(batch.chunks),
        ended: batch.ended,
      })
      // A retry of a batch whose commit was not acknowledged.
      .onConflict((oc) => oc.columns(['request_id', 'first_id']).doNothing())
      .execute();
    wakes.wake(requestId);
    notifier.notify(requestId);
  };

  /** The opening row and the batches after `cursor` (and the end); null once the stream is gone. */
  const readAfter = async (requestId: string, cursor: number): Promise<ChunkBatch[] | null> => {
    const rows = await db
      .selectFrom('chat_stream_chunks')
      .select(['first_id', 'last_id', 'chunks', 'ended'])
      .where('request_id', '=', requestId)
      .where((eb) => eb.or([eb('first_id', '=', 0), eb('last_id', '>', cursor), eb('ended', '=', true)]))
      .orderBy('first_id')
      .execute();
    if (rows.length === 0) return null;
    return rows
      .filter((r) => r.first_id > 0)
      .map((r) => ({
        firstId: r.first_id,
        lastId: r.last_id,
        chunks: storedChunks(r.chunks),
        ended: r.ended,
      }));
  };

  async function* follow(requestId: string, afterId: number, signal: AbortSignal) {
    const waiter = wakes.waiter(requestId);
    let cursor = afterId;
    try {
      while (!signal.aborted && !closed) {
        waiter.arm();
        const batches = await readAfter(requestId, cursor);
        if (batches === null) return;
        for (const batch of batches) {
          for (const streamed of chunksAfter(batch, cursor)) {
            if (signal.aborted || closed) return;
            yield streamed;
            cursor = streamed.id;
          }
          if (batch.ended) return;
        }
        await waiter.wait(pollMs, signal);
      }
    } finally {
      waiter.dispose();
    }
  }

  const prune = async (now: Date = new Date()): Promise<number> => {
    const endedBefore = new Date(now.getTime() - retentionMs);
    const openedBefore = new Date(now.getTime() - abandonedAfterMs);
    const result = await db
      .deleteFrom('chat_stream_chunks')
      .where('request_id', 'in', (eb) =>
        eb
          .selectFrom('chat_stream_chunks')
          .select('request_id')
          .where('ended', '=', true)
          .where('created_at', '<', endedBefore)
          .union(
            eb
              .selectFrom('chat_stream_chunks')
              .select('request_id')
              .where('first_id', '=', 0)
              .where('created_at', '<', openedBefore),
          ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  };

  const pruneEveryMs = opts.pruneEveryMs ?? 60_000;
  const pruner =
    pruneEveryMs > 0
      ? setInterval(
          () =>
            void prune().catch((e: unknown) =>
              opts.logger?.warn({ err: briefError(e) }, 'chat streams: prune failed'),
            ),
          pruneEveryMs,
        ).unref()
      : undefined;

  return {
    open: async (requestId, owner) => {
      const opened = await db
        .insertInto('chat_stream_chunks')
        .values({ request_id: requestId, owner, first_id: 0, last_id: 0, chunks: '[]' })
        .onConflict((oc) => oc.columns(['request_id', 'first_id']).doNothing())
        .returning('request_id')
        .executeTakeFirst();
      if (!opened) throw new Error(`The chat stream ${requestId} is open already`);
      return chunkBatcher(save(requestId, owner), {
        ...opts,
        onDropped: droppedBatchLogger(opts.logger, requestId),
      });
    },
    follow: async (requestId, owner, afterId, signal) => {
      if (closed) return null;
      const opening = await db
        .selectFrom('chat_stream_chunks')
        .select('owner')
        .where('request_id', '=', requestId)
        .where('first_id', '=', 0)
        .executeTakeFirst();
      if (!opening || opening.owner !== owner) return null;
      await ensureListening();
      return follow(requestId, afterId, signal) satisfies AsyncIterable<StreamedChunk>;
    },
    prune,
    followers: () => wakes.size(),
    close: async () => {
      closed = true;
      clearInterval(pruner);
      wakes.wakeAll();
      const l = await listening;
      await l?.close();
    },
  };
};
