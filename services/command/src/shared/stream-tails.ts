import { preparedRows, turnBatcher, turnBatcherPerDatabase, type Db, type NewEvent } from '@app/platform';

/** A stream's head (its last version, 0: none) and its events beyond the version asked. */
export interface StreamTail {
  stream_id: string;
  head: number;
  tail: NewEvent[];
}

/** Past every version a stream can reach: its head alone is read, none of its events. */
const headOnly = 2_147_483_647;

// The heads and tails of the streams asked, in the order asked: a named prepared statement (parsed and
// planned once per connection), as every request's first reads ask it.
const tailsStatement = `
  select
    coalesce((select max(stream_version) from events where stream_id = w.stream_id), 0)::int as head,
    coalesce((
      select json_agg(json_build_object('type', e.event_type, 'data', e.data) order by e.stream_version)
      from events e
      where e.stream_id = w.stream_id and e.stream_version > w.after
    ), '[]'::json) as tail
  from unnest($1::text[], $2::int[]) with ordinality as w(stream_id, after, i)
  order by w.i`;

interface Asked {
  streamId: string;
  after: number;
}

/**
 * The reads asked of each database (pool or transaction) in one turn of the loop: one statement,
 * however many (never split, so each request's reads are one view of the log).
 */
const tails = turnBatcherPerDatabase((db) =>
  turnBatcher<Asked, StreamTail>(async (asked) => {
    const rows = await preparedRows<Omit<StreamTail, 'stream_id'>>(db, 'read_tails', tailsStatement, [
      asked.map((a) => a.streamId),
      asked.map((a) => a.after),
    ]);
    return asked.map((a, i) => {
      const row = rows[i];
      return row ? { stream_id: a.streamId, ...row } : new Error(`no tail read for ${a.streamId}`);
    });
  }, Number.POSITIVE_INFINITY),
);

/**
 * The heads of `after`'s streams and the events each has beyond the version given. Every such read
 * (and `streamHead`) asked of the same database in one turn of the loop goes out as ONE statement,
 * one view of the log: a request's first reads (its configuration, its ledgers, whether its id is
 * taken) cost one round trip, whichever part of the code asks them, and the requests that arrive
 * together share it.
 */
export const readTails = async (
  db: Db,
  after: ReadonlyMap<string, number>,
): Promise<Map<string, StreamTail>> => {
  const batch = tails(db);
  const rows = await Promise.all(
    [...after].map(([streamId, version]) => batch.load({ streamId, after: version })),
  );
  return new Map(rows.map((r) => [r.stream_id, r]));
};

/** A stream's head (0: no event), read with the other reads of this turn (see `readTails`). */
export const streamHead = async (db: Db, streamId: string): Promise<number> => {
  const row = await tails(db).load({ streamId, after: headOnly });
  return row.head;
};
