import type { Db } from '../db/database';

export interface IdempotencyKey {
  actor: string;
  commandId: string;
}

const storedResult = async <R>(db: Db, key: IdempotencyKey): Promise<R | undefined> => {
  const row = await db
    .selectFrom('command_results')
    .select('result')
    .where('actor', '=', key.actor)
    .where('command_id', '=', key.commandId)
    .executeTakeFirst();
  return row ? (row.result as R) : undefined;
};

/**
 * Runs `work` once per (actor, commandId): its events and its result commit together, and a retry
 * returns the first result without appending anything. A failure stores nothing, so it may be retried.
 */
export const runIdempotent = async <R>(
  db: Db,
  key: IdempotencyKey,
  work: (trx: Db) => Promise<R>,
): Promise<{ result: R; replayed: boolean }> => {
  const earlier = await storedResult<R>(db, key);
  if (earlier !== undefined) return { result: earlier, replayed: true };
  try {
    const result = await db.transaction().execute(async (trx) => {
      const r = await work(trx);
      await trx
        .insertInto('command_results')
        .values({ actor: key.actor, command_id: key.commandId, result: JSON.stringify(r) })
        .execute();
      return r;
    });
    return { result, replayed: false };
  } catch (e) {
    // A concurrent run of the same command may have won (a duplicate key on command_results, or a
    // ConcurrencyError on the stream it appended to): then its result is the answer.
    const first = await storedResult<R>(db, key).catch(() => undefined);
    if (first === undefined) throw e;
    return { result: first, replayed: true };
  }
};
