import { sql, type Kysely } from 'kysely';
import { createAdminReadModel, createTable } from './create-table';

/**
 * Application variables and secrets, OpenAI endpoints and endpoint tests. Values and keys are stored
 * sealed (ciphertext, last 4 characters, fingerprint), never in clear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rm_application_variables', 'rm_application_secrets']) {
    await sql`
      create table ${sql.table(table)} (
        name text primary key,
        value jsonb not null,
        last4 text not null,
        changed_by text not null,
        changed_at timestamptz not null
      )`.execute(db);
  }
  await createAdminReadModel(
    db,
    'rm_openai_models',
    sql`
      name text primary key,
      position bigint not null`,
  );
  await createTable(
    db,
    'rm_openai_endpoints',
    sql`
      model text not null references rm_openai_models (name) on delete cascade,
      url text not null,
      key_fingerprint text not null,
      key jsonb not null,
      last4 text not null,
      position bigint not null,
      added_by text not null,
      added_at timestamptz not null,
      primary key (model, url, key_fingerprint)`,
  );
  await createTable(
    db,
    'rm_endpoint_tests',
    sql`
      test_id text primary key,
      url text not null,
      model text,
      status text not null,
      message text,
      reason text,
      requested_by text not null,
      requested_at timestamptz not null,
      finished_at timestamptz`,
  );
}
