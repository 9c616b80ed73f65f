import { sql } from 'kysely';
import type { Db } from '@app/platform';
import { checkpointOfPosition } from '@app/platform';
import { logStart, type Checkpoint } from '@app/platform';

export interface ResolvedPosition {
  checkpoint: Checkpoint;
  /** Set when POS named no event and the nearest earlier one (or the log start) was taken instead. */
  note?: string;
}

/**
 * Where event POS sits in commit order. Positions come from an identity column, so a rolled-back
 * append leaves a hole: a POS that names no event stands for the nearest event before it.
 */
export const resolvePosition = async (db: Db, position: string): Promise<ResolvedPosition> => {
  if (position === '0') return { checkpoint: logStart };
  const exact = await checkpointOfPosition(db, position);
  if (exact) return { checkpoint: exact };
  const row = await db
    .selectFrom('events')
    .select([sql<string>`transaction_id::text`.as('tx'), 'global_position'])
    .where('global_position', '<=', position)
    .orderBy('global_position', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row)
    return {
      checkpoint: logStart,
      note: `no event at or before position ${position}: using the start of the log`,
    };
  return {
    checkpoint: { transactionId: row.tx, globalPosition: row.global_position },
    note: `no event at position ${position}: using the nearest earlier one, ${row.global_position}`,
  };
};
