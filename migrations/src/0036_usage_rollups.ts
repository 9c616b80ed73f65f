import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * Usage roll-ups (projection `usageRollups`, docs/architecture.md "Usage roll-ups"): chat requests'
 * requests, tokens and cost summed per bucket (grain 'd' a UTC day, 'h' a UTC hour), user, model,
 * account and API key (''; none), counted once at the request's end. `group_name` '' is the request
 * itself; each billing group the requester belonged to when asking has a row of its own too. The
 * requests asked and not yet ended, the billing groups' members as the log folds them, and each
 * answer's latest rating keep what the fold needs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'rm_usage_rollups',
    sql`
      grain text not null,
      group_name text not null,
      bucket timestamptz not null,
      user_email text not null,
      model text not null,
      account_id text not null,
      api_key_id text not null,
      requests bigint not null,
      input_tokens bigint not null,
      output_tokens bigint not null,
      cached_tokens bigint not null,
      cost double precision not null,
      primary key (grain, group_name, bucket, user_email, model, account_id, api_key_id)`,
  );
  await sql`create index rm_usage_rollups_user on rm_usage_rollups (user_email, grain, bucket)`.execute(db);
  await createTable(
    db,
    'rm_usage_open',
    sql`
      request_id text primary key,
      user_email text not null,
      model text not null,
      account_id text not null,
      api_key_id text not null,
      groups text[] not null`,
  );
  await createTable(
    db,
    'rm_usage_groups',
    sql`
      group_name text primary key,
      group_data jsonb not null`,
  );
  await createTable(
    db,
    'rm_usage_billing_members',
    sql`
      email text not null,
      group_name text not null,
      primary key (email, group_name)`,
  );
  await createTable(
    db,
    'rm_usage_ratings',
    sql`
      request_id text primary key,
      user_email text not null,
      model text not null,
      groups text[] not null,
      rating text not null,
      rated_at timestamptz not null`,
  );
  await sql`create index rm_usage_ratings_at on rm_usage_ratings (rated_at)`.execute(db);
}
