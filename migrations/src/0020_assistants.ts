import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * Assistants: the read model of the `assistants` projection, one row per assistant (its
 * `astp/<uuid>`) with its latest version's definition, its owner, its group and where it is
 * published. The log is the truth: who holds a path is decided on the path's stream
 * (`assistantPath-<path>`), so `ast_path` here is only an index for listing and lookups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'rm_assistants',
    sql`
      assistant_id text primary key,
      version_id text not null,
      version integer not null,
      owner text not null,
      group_id text,
      name text not null,
      ast_path text,
      is_public boolean not null default false,
      definition jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null`,
  );
  await sql`create index rm_assistants_owner on rm_assistants (owner)`.execute(db);
  await sql`create index rm_assistants_group on rm_assistants (group_id) where group_id is not null`.execute(
    db,
  );
  await sql`create index rm_assistants_path on rm_assistants (ast_path) where ast_path is not null`.execute(
    db,
  );
}
