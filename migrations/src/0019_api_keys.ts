import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * API keys: one row per key, written in the same transaction as the key's events
 * (ApiKeyCreated, ApiKeyRotated, ApiKeyUpdated, ApiKeyDeactivated), so a rotation or a
 * deactivation is in force on every instance the moment it commits. Only the secret's SHA-256 is
 * kept (`secret_hash`); the secret itself is nowhere. `refusals_recorded` holds when each refusal
 * reason was last recorded as an event (at most once a minute per key and reason).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'api_keys',
    sql`
      id uuid primary key,
      owner_api_id text not null unique,
      secret_hash text not null unique,
      kind text not null,
      owner text not null,
      delegate text,
      system_id text unique,
      application_name text not null,
      application_description text not null,
      account jsonb not null,
      rate_limit jsonb not null,
      access_types text[] not null,
      expires_at timestamptz,
      active boolean not null default true,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      last_accessed timestamptz,
      refusals_recorded jsonb not null default '{}'::jsonb`,
  );
  await sql`create index api_keys_by_owner on api_keys (owner)`.execute(db);
  await sql`create index api_keys_by_delegate on api_keys (delegate) where delegate is not null`.execute(db);
}
