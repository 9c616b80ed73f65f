import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { DataKeyStore } from './data-key-store';

const claimRow = async (db: Db, claim: string): Promise<void> => {
  await db
    .insertInto('secret_master_key')
    .values({ id: 1, key_id: claim })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
};

/** The master key in use (claimed as `claim` when none is yet), its row locked for share or for update. */
const claimedMasterKey = async (db: Db, claim: string, lock: 'share' | 'update'): Promise<string> => {
  await claimRow(db, claim);
  const query = db.selectFrom('secret_master_key').select('key_id').where('id', '=', 1);
  const row = await (lock === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirstOrThrow();
  return row.key_id;
};

/** The data_keys table as `db` (a transaction, or the pool for single statements) sees it. */
export const pgDataKeys = (db: Db): DataKeyStore => ({
  masterKeyInUse: (claim) => claimedMasterKey(db, claim, 'share'),
  lockMasterKeyInUse: (claim) => claimedMasterKey(db, claim, 'update'),
  setMasterKeyInUse: async (keyId) => {
    await db
      .updateTable('secret_master_key')
      .set({ key_id: keyId, changed_at: new Date() })
      .where('id', '=', 1)
      .execute();
  },
  add: async (record) => {
    await db
      .insertInto('data_keys')
      .values({ id: record.id, wrapped_key: record.wrappedKey, master_key_id: record.masterKeyId })
      .execute();
  },
  find: async (id) => {
    const row = await db
      .selectFrom('data_keys')
      .select(['id', 'wrapped_key', 'master_key_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { id: row.id, wrappedKey: row.wrapped_key, masterKeyId: row.master_key_id } : undefined;
  },
  destroy: async (refs) => {
    if (refs.length === 0) return 0;
    const ids = [...new Set(refs.map((r) => r.id))];
    const live = await db
      .selectFrom('data_keys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', 'in', ids)
      .where('wrapped_key', 'is not', null)
      .executeTakeFirst();
    const unique = ids.map((id) => refs.find((r) => r.id === id)!);
    await db
      .insertInto('data_keys')
      .values(
        unique.map((r) => ({
          id: r.id,
          wrapped_key: null,
          master_key_id: r.masterKeyId,
          destroyed_at: new Date(),
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          wrapped_key: null,
          destroyed_at: sql<Date>`coalesce(data_keys.destroyed_at, now())`,
        }),
      )
      .execute();
    return Number(live?.n ?? 0);
  },
  liveUnder: async (masterKeyId) => {
    const rows = await db
      .selectFrom('data_keys')
      .select(['id', 'wrapped_key', 'master_key_id'])
      .where('master_key_id', '=', masterKeyId)
      .where('wrapped_key', 'is not', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map((r) => ({ id: r.id, wrappedKey: r.wrapped_key ?? '', masterKeyId: r.master_key_id }));
  },
  rewrap: async (id, wrappedKey, masterKeyId) => {
    await db
      .updateTable('data_keys')
      .set({ wrapped_key: wrappedKey, master_key_id: masterKeyId })
      .where('id', '=', id)
      .execute();
  },
  counts: async () => {
    const rows = await db
      .selectFrom('data_keys')
      .select((eb) => [
        'master_key_id',
        eb.fn.count<string>('wrapped_key').as('live'),
        eb.fn.countAll<string>().as('total'),
      ])
      .groupBy('master_key_id')
      .orderBy('master_key_id')
      .execute();
    return rows.map((r) => ({
      masterKeyId: r.master_key_id,
      live: Number(r.live),
      destroyed: Number(r.total) - Number(r.live),
    }));
  },
});
