import { sql, type Kysely } from 'kysely';
import { createAdminReadModel, createTable } from './create-table';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'rm_admins',
    sql`
      email text primary key,
      added_by text not null,
      added_at timestamptz not null`,
  );
  await createAdminReadModel(
    db,
    'rm_feature_flags',
    sql`
      name text primary key,
      enabled boolean not null,
      user_exceptions jsonb not null,
      amplify_group_exceptions jsonb not null`,
  );
  await createTable(
    db,
    'rm_sections',
    sql`
      section text primary key,
      version integer not null,
      changed_by text not null,
      changed_at timestamptz not null,
      position bigint not null`,
  );
}
