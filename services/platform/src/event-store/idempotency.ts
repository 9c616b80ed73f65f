import type { Db } from '../db/database';
import { isUniqueViolation } from './errors';

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
    if (!isUniqueViolation(e, 'command_results_pkey')) throw e;
    const first = await storedResult<R>(db, key);
    if (first === undefined) throw e;
    return { result: first, replayed: true };
  }
};
