import { sql } from 'kysely';
import type { Db, NewEvent } from '@app/platform';

/** A stream's head (its last version, 0: none) and its events beyond the version asked. */
export interface StreamTail {
  stream_id: string;
  head: number;
  tail: NewEvent[];
}

/** Past every version a stream can reach: its head alone is read, none of its events. */
const headOnly = 2_147_483_647;

interface Asked {
  ids: string[];
  versions: number[];
  resolve(rows: StreamTail[]): void;
  reject(e: unknown): void;
}

/** The reads asked of each database (pool or transaction) in this turn of the loop, not sent yet. */
const pending = new Map<Db, Asked[]>();

const send = async (db: Db, asked: Asked[]): Promise<void> => {
  const ids = asked.flatMap((a) => a.ids);
  const versions = asked.flatMap((a) => a.versions);
  try {
    const { rows } = await sql<Omit<StreamTail, 'stream_id'>>`
      select
        coalesce((select max(stream_version) from events where stream_id = w.stream_id), 0)::int as head,
        coalesce((
          select json_agg(json_build_object('type', e.event_type, 'data', e.data) order by e.stream_version)
          from events e
          where e.stream_id = w.stream_id and e.stream_version > w.after
        ), '[]'::json) as tail
      from unnest(${ids}::text[], ${versions}::int[]) with ordinality as w(stream_id, after, i)
      order by w.i`.execute(db);
    let place = 0;
    for (const a of asked) {
      const mine = rows.slice(place, place + a.ids.length);
      place += a.ids.length;
      a.resolve(mine.map((row, k) => ({ stream_id: a.ids[k] ?? '', ...row })));
    }
  } catch (e) {
    for (const a of asked) a.reject(e);
  }
};

const ask = (db: Db, ids: string[], versions: number[]): Promise<StreamTail[]> =>
  new Promise((resolve, reject) => {
    let asked = pending.get(db);
    if (!asked) {
      const group: Asked[] = [];
      asked = group;
      pending.set(db, group);
      queueMicrotask(() => {
        pending.delete(db);
        void send(db, group);
      });
    }
    asked.push({ ids, versions, resolve, reject });
  });

/**
 * The heads of `after`'s streams and the events each has beyond the version given. Every such read
 * (and `streamHead`) asked of the same database in one turn of the loop goes out as ONE statement,
 * one view of the log: a request's first reads (its configuration, its ledgers, whether its id is
 * taken) cost one round trip, whichever part of the code asks them.
 */
export const readTails = async (
  db: Db,
  after: ReadonlyMap<string, number>,
): Promise<Map<string, StreamTail>> => {
  const ids = [...after.keys()];
  const rows = await ask(
    db,
    ids,
    ids.map((id) => after.get(id) ?? 0),
  );
  return new Map(rows.map((r) => [r.stream_id, r]));
};

/** A stream's head (0: no event), read with the other reads of this turn (see `readTails`). */
export const streamHead = async (db: Db, streamId: string): Promise<number> => {
  const [row] = await ask(db, [streamId], [headOnly]);
  return row?.head ?? 0;
};
