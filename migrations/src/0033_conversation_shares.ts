import { sql, type Kysely } from 'kysely';

/**
 * `rm_shares`: each share of a cloud conversation (projection `shares`): its owner and
 * conversation, who may read it (`is_public`, `access_to`), the snapshot it shows (in clear, like
 * the conversations' read models; gone with the conversation), whether it was revoked and how often
 * it was read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_shares (
      share_id text primary key,
      owner text not null,
      conversation_id text not null,
      name text not null,
      is_public boolean not null,
      access_to jsonb not null,
      snapshot jsonb not null,
      revoked boolean not null default false,
      view_count integer not null default 0,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_shares_owner on rm_shares (owner, conversation_id)`.execute(db);
}
