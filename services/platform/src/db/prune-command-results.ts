import { sql } from 'kysely';
import type { Db } from './database';

/** First key of the pruning's advisory lock: one instance prunes at a time, the others skip. */
export const pruneLockKey = 7_301_003;

export interface PruneResult {
  /** Rows removed. */
  deleted: number;
  /** Another instance was pruning: this run stopped without waiting. */
  skipped: boolean;
}

/** The moment before which results are pruned: `now` less the retention. */
export const retentionCutoff = (now: Date, retentionHours: number): Date =>
  new Date(now.getTime() - retentionHours * 3_600_000);

/**
 * Removes the command results (and the Idempotency-Keys they hold) recorded before `olderThan`, in
 * short transactions of at most `batchSize` rows each, so no statement nears the pool's timeout and
 * no lock is held long. A key pruned is free again: a retry that old runs as a new command.
 */
export const pruneCommandResults = async (
  db: Db,
  olderThan: Date,
  { batchSize = 5000 }: { batchSize?: number } = {},
): Promise<PruneResult> => {
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const lock = await sql<{
        ok: boolean;
      }>`select pg_try_advisory_xact_lock(${pruneLockKey}, 0) as ok`.execute(trx);
      if (lock.rows[0]?.ok !== true) return null;
      const r = await sql`
        delete from command_results
        where ctid = any (array(
          select ctid from command_results where recorded_at < ${olderThan} limit ${batchSize}
        ))`.execute(trx);
      return Number(r.numAffectedRows ?? 0n);
    });
    if (batch === null) return { deleted, skipped: true };
    deleted += batch;
    if (batch < batchSize) return { deleted, skipped: false };
  }
};
