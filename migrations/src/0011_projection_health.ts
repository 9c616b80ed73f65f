import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * `projection_parks`: the event a projection (or the reactor) failed on, one row per halted follower.
 * While `parked` is false it is retried with backoff (`next_attempt_at`); after the last attempt it is
 * parked until an operator retries or skips it. Every other follower keeps going meanwhile.
 *
 * `live_changes`: what the projection runner changed, in commit order (`seq`), written in the same
 * transaction as the rows: ids and positions only, never event data. `/live` reads it after a wake
 * and replays it to a client that reconnects; it is pruned after a few minutes.
 *
 * And an index for the pruning of `command_results` by age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'projection_parks',
    sql`
      projection text primary key,
      transaction_id xid8 not null,
      global_position bigint not null,
      stream_id text not null,
      event_type text not null,
      error text not null,
      attempts integer not null,
      parked boolean not null default false,
      first_failed_at timestamptz not null default now(),
      last_failed_at timestamptz not null default now(),
      next_attempt_at timestamptz not null`,
  );
  await createTable(
    db,
    'live_changes',
    sql`
      seq bigint generated always as identity primary key,
      read_model text not null,
      ids jsonb not null,
      position bigint not null,
      actor text not null,
      recorded_at timestamptz not null default now()`,
  );
  await sql`create index live_changes_recorded_at on live_changes (recorded_at)`.execute(db);
  await sql`create index command_results_recorded_at on command_results (recorded_at)`.execute(db);
}
