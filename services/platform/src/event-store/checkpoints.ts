import { sql } from 'kysely';
import type { Db } from '../db/database';
import { logStart, type Checkpoint } from './types';

export const loadCheckpoint = async (db: Db, name: string): Promise<Checkpoint> => {
  const row = await db
    .selectFrom('checkpoints')
    .select([sql<string>`transaction_id::text`.as('tx'), 'global_position'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { transactionId: row.tx, globalPosition: row.global_position } : logStart;
};

/** Writes the checkpoint; call it in the same transaction as the effects it stands for. */
export const saveCheckpoint = async (db: Db, name: string, cp: Checkpoint): Promise<void> => {
  await sql`
    insert into checkpoints (name, transaction_id, global_position, updated_at)
    values (${name}, ${cp.transactionId}::xid8, ${cp.globalPosition}::bigint, now())
    on conflict (name) do update
      set transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()`.execute(
    db,
  );
};

export const deleteCheckpoint = async (db: Db, name: string): Promise<void> => {
  await db.deleteFrom('checkpoints').where('name', '=', name).execute();
};
