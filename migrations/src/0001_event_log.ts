import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'events',
    sql`
      global_position bigint generated always as identity primary key,
      stream_id text not null,
      stream_version integer not null check (stream_version > 0),
      event_type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      transaction_id xid8 not null default pg_current_xact_id(),
      constraint events_stream_version_unique unique (stream_id, stream_version)`,
  );
  await sql`create index events_tx_order on events (transaction_id, global_position)`.execute(db);
  await sql`create index events_type on events (event_type)`.execute(db);
  await sql`create index events_actor on events ((metadata -> 'actor' ->> 'email'))`.execute(db);
  await sql`create index events_recorded_at on events (recorded_at)`.execute(db);
  await createTable(
    db,
    'command_results',
    sql`
      actor text not null,
      command_id text not null,
      result jsonb not null,
      recorded_at timestamptz not null default now(),
      primary key (actor, command_id)`,
  );
  await createTable(
    db,
    'checkpoints',
    sql`
      name text primary key,
      transaction_id xid8 not null,
      global_position bigint not null,
      updated_at timestamptz not null default now()`,
  );
}
