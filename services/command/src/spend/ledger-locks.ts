import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@app/platform';

/** First key of the ledgers' advisory locks (the platform's others: 7_301_001 projections, 7_301_003 pruning). */
export const spendLockSpace = 7_301_010;

/** A ledger's second lock key: 32 bits of its stream id's hash (two ids sharing one only wait for each other). */
export const ledgerLockKey = (streamId: string): number =>
  createHash('sha256').update(streamId).digest().readInt32BE(0);

/**
 * Takes each ledger's transaction-scoped advisory lock in `trx`, in the order of their keys: two
 * requests touching the same ledgers lock them in the same order, so they never deadlock, and the
 * second one reads each ledger once the first has committed (or rolled back). Released at the end
 * of the transaction.
 */
export const lockLedgers = async (trx: Db, streamIds: readonly string[]): Promise<void> => {
  const keys = [...new Set(streamIds.map(ledgerLockKey))].sort((a, b) => a - b);
  if (keys.length === 0) return;
  // One statement: the function scan yields the keys in the array's order, each locked in turn.
  await sql`select count(pg_advisory_xact_lock(${spendLockSpace}::int, k)) from unnest(${keys}::int[]) as k`.execute(
    trx,
  );
};
