import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * Read models of the chat's conversations and of the users' settings (projections `conversations`
 * and `userSettings`).
 *
 * `rm_conversations`: one row per (owner, conversation): its storage, its name (null until renamed;
 * a cloud conversation is named after its first message), what it cost and how many requests it had.
 * `rm_conversation_requests`: which conversation a chat request belongs to, so its end event (which
 * names only the request) adds its cost there. `rm_conversation_messages`: the messages of the
 * conversations stored in the cloud, in log order (`position`, then `ordinal` within one event).
 *
 * `rm_user_settings`: each user's stored settings (only the fields they set; the rest are defaults).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'rm_conversations',
    sql`
      owner text not null,
      conversation_id text not null,
      storage text not null,
      name text,
      cost double precision not null default 0,
      requests integer not null default 0,
      updated_at timestamptz not null,
      primary key (owner, conversation_id)`,
  );
  await sql`create index rm_conversations_newest on rm_conversations (owner, updated_at desc)`.execute(db);
  await createTable(
    db,
    'rm_conversation_requests',
    sql`
      request_id text primary key,
      owner text not null,
      conversation_id text not null`,
  );
  await sql`
    create index rm_conversation_requests_conversation on rm_conversation_requests (owner, conversation_id)`.execute(
    db,
  );
  await createTable(
    db,
    'rm_conversation_messages',
    sql`
      position bigint not null,
      ordinal integer not null,
      owner text not null,
      conversation_id text not null,
      request_id text not null,
      role text not null,
      content text not null,
      at timestamptz not null,
      primary key (position, ordinal)`,
  );
  await sql`
    create index rm_conversation_messages_conversation
      on rm_conversation_messages (owner, conversation_id, position, ordinal)`.execute(db);
  await createTable(
    db,
    'rm_user_settings',
    sql`
      email text primary key,
      settings jsonb not null,
      changed_at timestamptz not null`,
  );
}
