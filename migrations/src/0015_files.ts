import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * The read model of the users' documents (projection `files`): one row per file key, with its owner,
 * what the user gave (name, type, tags, knowledge base, group, ragOn, where a fetched page came from),
 * its processing status and what processing found. A deleted file's row goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'rm_files',
    sql`
      key text primary key,
      owner text not null,
      name text not null,
      type text not null,
      knowledge_base text not null default 'default',
      status text not null,
      size bigint,
      sha256 text,
      tags text[] not null default '{}',
      total_items integer,
      is_image boolean not null default false,
      message text,
      rag_on boolean not null default true,
      source_url text,
      from_sitemap text,
      group_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null`,
  );
  await sql`create index rm_files_owner_newest on rm_files (owner, updated_at desc, key)`.execute(db);
}
