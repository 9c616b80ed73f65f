import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db } from '@app/platform';

/** First key of the ledgers' advisory locks (the platform's others: 7_301_001 projections, 7_301_003 pruning). */
export const spendLockSpace = 7_301_010;

const lockKeys = new Map<string, number>();

/** A ledger's second lock key: 32 bits of its stream id's hash (two ids sharing one only wait for each other). */
export const ledgerLockKey = (streamId: string): number => {
  const known = lockKeys.get(streamId);
  if (known !== undefined) return known;
  const key = createHash('sha256').update(streamId).digest().readInt32BE(0);
  // Hashed once per ledger while the process runs (bounded: started afresh past 10,000 ledgers).
  if (lockKeys.size >= 10_000) lockKeys.clear();
  lockKeys.set(streamId, key);
  return key;
};

/** Takes the locks of `keys` in their order (the lock space, the keys). */
const lockStatement = 'select count(pg_advisory_xact_lock($1::int, k)) from unnest($2::int[]) as k';

/** The ledgers' lock keys, each once, in the order they are taken. */
export const ledgerLockKeys = (streamIds: readonly string[]): number[] =>
  [...new Set(streamIds.map(ledgerLockKey))].sort((a, b) => a - b);

/**
 * Takes each ledger's transaction-scoped advisory lock in `trx`, in the order of their keys: two
 * requests touching the same ledgers lock them in the same order, so they never deadlock, and the
 * second one reads each ledger once the first has committed (or rolled back). Released at the end
 * of the transaction.
 */
export const lockLedgers = async (trx: Db, streamIds: readonly string[]): Promise<void> => {
  const keys = ledgerLockKeys(streamIds);
  if (keys.length === 0) return;
  // One statement: the function scan yields the keys in the array's order, each locked in turn.
  await trx.executeQuery(CompiledQuery.raw(lockStatement, [spendLockSpace, keys]));
};
