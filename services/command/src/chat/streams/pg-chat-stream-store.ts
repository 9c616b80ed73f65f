import { sql } from 'kysely';
import { briefError, listen, openDatabase, type Db, type Listener } from '@app/platform';
import { followBatches, storedChunks, type ChunkBatch } from './chunk-batch';
import { chunkBatcher } from './chunk-batcher';
import { groupedWrites } from './grouped-writes';
import { idsOfPayload, notifyPayload } from './notify-payload';
import type { ChatStreamStore, StreamedChunk } from './ports';
import { droppedBatchLogger, storeTimings, type ChatStreamStoreOptions } from './store-options';
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
  const { retentionMs, abandonedAfterMs, pollMs, writeGapMs } = storeTimings(opts);
  const wakes = streamWakes();
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

  interface Row {
    requestId: string;
    owner: string;
    firstId: number;
    lastId: number;
    chunks: string;
    ended: boolean;
  }
  /**
   * Every stream's rows go through one queue: a write takes all the rows that came while the previous
   * one was in flight, in one INSERT, whatever their streams (100 streams flushing every 20 ms are a
   * few statements, not thousands). Written on a connection of their own that commits without waiting
   * for the WAL flush (`synchronous_commit` off): these rows only let a reload replay an answer in
   * flight; the log's events stay durable. The same statement NOTIFYs `channel` with the streams that
   * got chunks (not their opening rows), which PostgreSQL delivers once it commits: the other
   * processes' followers read rows that are there. One statement, one round trip. Answers whether
   * each row was new.
   */
  const writes = openDatabase(databaseUrl, {
    max: 1,
    synchronousCommit: false,
    ...(opts.logger ? { logger: { warn: opts.logger.warn.bind(opts.logger), debug: () => undefined } } : {}),
  });
  const insertRows = groupedWrites<Row, boolean>(
    async (rows) => {
      const flushed = new Set(rows.filter((r) => r.firstId > 0).map((r) => r.requestId));
      const payload = flushed.size > 0 ? notifyPayload(flushed) : null;
      const inserted = await sql<{ fresh: [string, number][] }>`
      with inserted as (
        insert into chat_stream_chunks (request_id, owner, first_id, last_id, chunks, ended)
        select * from unnest(${rows.map((r) => r.requestId)}::text[], ${rows.map((r) => r.owner)}::text[],
                             ${rows.map((r) => r.firstId)}::int[], ${rows.map((r) => r.lastId)}::int[],
                             ${rows.map((r) => r.chunks)}::json[], ${rows.map((r) => r.ended)}::boolean[])
        -- A retry of a batch whose commit was not acknowledged; an opening row of a stream open already.
        on conflict (request_id, first_id) do nothing
        returning request_id, first_id
      )
      select
        coalesce((select json_agg(json_build_array(request_id, first_id)) from inserted), '[]') as fresh,
        case when ${payload}::text is not null then pg_notify(${channel}, ${payload}::text) end as notified`.execute(
        writes.db,
      );
      const fresh = new Set(inserted.rows[0]?.fresh.map(([id, first]) => `${id}\u0000${first}`));
      return rows.map((r) => fresh.has(`${r.requestId}\u0000${r.firstId}`));
      // A stream's end is written without waiting out the gap: its answer ends once it is kept.
    },
    { minGapMs: writeGapMs, urgent: (r) => r.ended },
  );

  const save = (requestId: string, owner: string) => async (batch: ChunkBatch) => {
    await insertRows({
      requestId,
      owner,
      firstId: batch.firstId,
      lastId: batch.lastId,
      chunks: JSON.stringify(batch.chunks),
      ended: batch.ended,
    });
    wakes.wake(requestId);
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
    const cursor = { at: afterId };
    const stopped = () => signal.aborted || closed;
    try {
      while (!stopped()) {
        waiter.arm();
        const batches = await readAfter(requestId, cursor.at);
        if (batches === null) return;
        if ((yield* followBatches(batches, cursor, stopped)) !== 'more') return;
        await waiter.wait(pollMs, signal);
      }
    } finally {
      waiter.dispose();
    }
  }

  const prune = async (now: Date = new Date()): Promise<number> => {
    const endedBefore = new Date(now.getTime() - retentionMs());
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
      const opened = await insertRows({
        requestId,
        owner,
        firstId: 0,
        lastId: 0,
        chunks: '[]',
        ended: false,
      });
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
      await writes.close();
    },
  };
};
