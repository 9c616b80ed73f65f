import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * Data keys apart from the log, so a secret can be shredded and the master key rotated without
 * touching an event. Every sealed value (SealedSecret version 2) names its data key; the key lives
 * here wrapped under the master key (AES-256-GCM), and is destroyed (wrapped_key null, destroyed_at
 * set) when the value is deleted or replaced: the ciphertext left in the log can no longer be read.
 * `secret_master_key` holds the id (a digest, never the key) of the master key every live data key is
 * wrapped under: sealing checks it under a share lock, rotation changes it under an update lock.
 *
 * rm_openai_endpoints: an endpoint url with credentials in it is stored masked, the whole url sealed
 * (url_secret); its fingerprint joins the endpoint's identity.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'secret_master_key',
    sql`
      id smallint primary key default 1 check (id = 1),
      key_id text not null,
      changed_at timestamptz not null default now()`,
  );
  await createTable(
    db,
    'data_keys',
    sql`
      id text primary key,
      wrapped_key text,
      master_key_id text not null,
      created_at timestamptz not null default now(),
      destroyed_at timestamptz,
      check ((wrapped_key is null) = (destroyed_at is not null))`,
  );
  await sql`create index data_keys_live_by_master_key on data_keys (master_key_id) where wrapped_key is not null`.execute(
    db,
  );
  await sql`
    alter table rm_openai_endpoints
      add column url_fingerprint text not null default '',
      add column url_secret jsonb`.execute(db);
  await sql`
    alter table rm_openai_endpoints
      drop constraint rm_openai_endpoints_pkey,
      add primary key (model, url, key_fingerprint, url_fingerprint)`.execute(db);
}
