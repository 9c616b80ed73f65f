import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * Read models of the folders, pins and tags of each user's conversations (projection
 * `conversationFiling`). `rm_conversation_folders`: one row per folder (owner, id, name).
 * `rm_conversation_filing`: one row per conversation a user ever filed, pinned or tagged, cloud or
 * local (by id only): its folder (null: none), whether it is pinned, its tags in the order given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'rm_conversation_folders',
    sql`
      owner text not null,
      folder_id text not null,
      name text not null,
      created_at timestamptz not null,
      primary key (owner, folder_id)`,
  );
  await createTable(
    db,
    'rm_conversation_filing',
    sql`
      owner text not null,
      conversation_id text not null,
      folder_id text,
      pinned boolean not null default false,
      tags jsonb not null default '[]'::jsonb,
      primary key (owner, conversation_id)`,
  );
  await sql`
    create index rm_conversation_filing_folder on rm_conversation_filing (owner, folder_id)`.execute(db);
}
