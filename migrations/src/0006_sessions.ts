import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * Server-side sessions. Written in the same transaction as the SignedIn / SignedOut / SessionRevoked
 * events, so a logout or a revocation is in force for every instance the moment it commits. The
 * cookie holds `secret.hmac`; only the secret's SHA-256 is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'sessions',
    sql`
      id uuid primary key,
      token_hash text not null unique,
      email text not null,
      method text not null,
      ip text not null,
      user_agent text not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      idle_expires_at timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz,
      ended_reason text`,
  );
  await sql`create index sessions_active_by_email on sessions (email) where ended_at is null`.execute(db);
}
