import { sql } from 'kysely';
import type { RecordedEvent } from '@app/contracts';
import type { Db } from '../db/database';
import { eventColumns, toRecordedEvent } from './rows';
import type { Checkpoint } from './types';

export interface StreamHead {
  version: number;
  position: string | null;
  lastActor: string | null;
  lastChangedAt: string | null;
}

export const streamHead = async (db: Db, streamId: string): Promise<StreamHead> => {
  const row = await db
    .selectFrom('events')
    .select(['stream_version', 'global_position', 'metadata', 'recorded_at'])
    .where('stream_id', '=', streamId)
    .orderBy('stream_version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { version: 0, position: null, lastActor: null, lastChangedAt: null };
  const actor = row.metadata['actor'] as { email?: string } | undefined;
  return {
    version: row.stream_version,
    position: row.global_position,
    lastActor: actor?.email ?? null,
    lastChangedAt: row.recorded_at.toISOString(),
  };
};

/** Every event of one stream in version order. */
export const readStream = async (db: Db, streamId: string): Promise<RecordedEvent[]> => {
  const rows = await db
    .selectFrom('events')
    .select(eventColumns)
    .where('stream_id', '=', streamId)
    .orderBy('stream_version')
    .execute();
  return rows.map(toRecordedEvent);
};

/**
 * The next events in commit order after `after`, never skipping one: only rows of transactions that
 * every snapshot now sees as finished (below pg_snapshot_xmin) are read, ordered by
 * (transaction_id, global_position). A slower transaction that started earlier is read once it commits.
 */
export const readAllForward = async (db: Db, after: Checkpoint, limit: number): Promise<RecordedEvent[]> => {
  const rows = await db
    .selectFrom('events')
    .select(eventColumns)
    .where(
      sql<boolean>`(transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)`,
    )
    .where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
    // Qualified: a bare `transaction_id` here names the text column selected above, sorting '10' before '9'.
    .orderBy(sql`events.transaction_id`)
    .orderBy('global_position')
    .limit(limit)
    .execute();
  return rows.map(toRecordedEvent);
};

export const checkpointOf = (e: RecordedEvent): Checkpoint => ({
  transactionId: e.transactionId,
  globalPosition: e.globalPosition,
});

/** Where event `position` sits in commit order, or null when there is no such event. */
export const checkpointOfPosition = async (db: Db, position: string): Promise<Checkpoint | null> => {
  const row = await db
    .selectFrom('events')
    .select(sql<string>`transaction_id::text`.as('tx'))
    .where('global_position', '=', position)
    .executeTakeFirst();
  return row ? { transactionId: row.tx, globalPosition: position } : null;
};

export const isAtOrPast = (cp: Checkpoint, target: Checkpoint): boolean => {
  const a = BigInt(cp.transactionId);
  const b = BigInt(target.transactionId);
  return a > b || (a === b && BigInt(cp.globalPosition) >= BigInt(target.globalPosition));
};

/**
 * The last committed event in commit order, readable or not yet: an event can be committed while
 * an older transaction elsewhere in the cluster keeps it below the readable horizon.
 */
export const committedHead = async (db: Db): Promise<Checkpoint | null> => {
  const row = await db
    .selectFrom('events')
    .select([sql<string>`transaction_id::text`.as('tx'), 'global_position'])
    .orderBy(sql`transaction_id`, 'desc')
    .orderBy('global_position', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { transactionId: row.tx, globalPosition: row.global_position } : null;
};
