import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_admins (
      email text primary key,
      added_by text not null,
      added_at timestamptz not null
    )`.execute(db);
  await sql`
    create table rm_feature_flags (
      name text primary key,
      enabled boolean not null,
      user_exceptions jsonb not null,
      amplify_group_exceptions jsonb not null,
      changed_by text not null,
      changed_at timestamptz not null
    )`.execute(db);
  await sql`
    create table rm_sections (
      section text primary key,
      version integer not null,
      changed_by text not null,
      changed_at timestamptz not null,
      position bigint not null
    )`.execute(db);
}
