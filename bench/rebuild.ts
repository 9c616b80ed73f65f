import { sql } from 'kysely';
import { checkpointOf, logStart, readAllForward, type Checkpoint, type DatabaseHandle } from '@app/platform';
import type { BenchServer } from './server';
import { fillByAppend, fillInBulk } from './rebuild-fill';

export interface RebuildFigures {
  events: number;
  /** How the log was written: through appendToStream, or by the server in bulk (the same rows). */
  fill: 'append' | 'bulk';
  fillSeconds: number;
  oursSeconds: number;
  /** Floor: the rebuild's reads alone (readAllForward, batch after batch), nothing folded or written. */
  readSeconds: number;
  /** Floor: the rows read in one query and one INSERT each; measured only when asked (slow at 1M). */
  insertEachSeconds?: number;
}

export interface RebuildOptions {
  /** Write the log in bulk on the server (one `insert … select` a thousand) rather than by appends. */
  bulk: boolean;
  /** Also measure the one-INSERT-per-event floor. */
  insertEach: boolean;
  /** Rebuild once, unmeasured, before the measured one. */
  warm: boolean;
}

const readAlone = async (handle: DatabaseHandle, batchSize: number): Promise<number> =>
  handle.db.transaction().execute(async (trx) => {
    let read = 0;
    let from: Checkpoint = logStart;
    for (;;) {
      const events = await readAllForward(trx, from, batchSize);
      const last = events[events.length - 1];
      if (!last) return read;
      read += events.length;
      from = checkpointOf(last);
    }
  });

const insertEach = async (handle: DatabaseHandle): Promise<void> => {
  await sql`create table bench_plain_rows (position bigint, name text, kind text, changed_by text)`.execute(
    handle.db,
  );
  await handle.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('events')
      .select(['global_position', 'event_type', 'data', 'metadata'])
      .orderBy('global_position')
      .execute();
    for (const r of rows)
      await sql`insert into bench_plain_rows values (${r.global_position}, ${(r.data as { name: string }).name}, ${r.event_type}, ${JSON.stringify(r.metadata)})`.execute(
        trx,
      );
  });
};

const seconds = async (run: () => Promise<unknown>): Promise<number> => {
  const t0 = performance.now();
  await run();
  return (performance.now() - t0) / 1000;
};

/**
 * `npm run events -- replay`'s rebuild of the feature-flags projection over `events` events, beside
 * its floors: the same reads alone, and (when asked) the rows read in one query and one INSERT per
 * event into a plain table, each in one transaction.
 */
export const measureRebuild = async (
  server: BenchServer,
  events: number,
  opts: RebuildOptions,
): Promise<RebuildFigures> => {
  const { rebuild, allProjections } = await import('@app/query');
  const { foldedRebuildBatchSize } = await import('../services/query/src/runner/rebuild');
  const flags = allProjections.find((p) => p.name === 'featureFlags');
  if (!flags) throw new Error('no featureFlags projection');
  const database = await server.createDatabase({ max: 2 });
  try {
    const fillSeconds = await seconds(() => (opts.bulk ? fillInBulk : fillByAppend)(database, events));
    if (opts.warm) await rebuild(database.db, flags);
    let folded = 0;
    const oursSeconds = await seconds(async () => {
      folded = await rebuild(database.db, flags);
    });
    const readSeconds = await seconds(() => readAlone(database, foldedRebuildBatchSize));
    const insertEachSeconds = opts.insertEach ? await seconds(() => insertEach(database)) : undefined;
    return {
      events: folded,
      fill: opts.bulk ? 'bulk' : 'append',
      fillSeconds,
      oursSeconds,
      readSeconds,
      ...(insertEachSeconds === undefined ? {} : { insertEachSeconds }),
    };
  } finally {
    await database.drop();
  }
};
