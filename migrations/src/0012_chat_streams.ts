import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * `chat_stream_chunks`: what a chat request sent its client, kept so a reload (or another instance)
 * can replay it and follow the rest. One row per flushed batch of chunks (ids `first_id`..`last_id`,
 * assigned 1, 2, 3... by the writer), never one per token. A stream starts with an opening row
 * (`first_id` 0, no chunks: who owns it, and since when); its last row has `ended`. Ended streams are
 * pruned after a retention of minutes, streams never ended (a crashed instance) after two hours.
 *
 * `chunks` is `json`, not `jsonb`: it is never queried inside, json keeps the text as written (keys
 * in the order the relay sent them) and costs no conversion on the write path.
 *
 * `chat_stops`: the stops published for a request (its id and when), so an instance that subscribes
 * just after a stop was published, or whose LISTEN connection was down meanwhile, still sees it.
 * Pruned after minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'chat_stream_chunks',
    sql`
      request_id text not null,
      owner text not null,
      first_id integer not null,
      last_id integer not null,
      chunks json not null,
      ended boolean not null default false,
      created_at timestamptz not null default now(),
      primary key (request_id, first_id)`,
  );
  await sql`create index chat_stream_chunks_ended_at on chat_stream_chunks (created_at) where ended`.execute(
    db,
  );
  await sql`create index chat_stream_chunks_opened_at on chat_stream_chunks (created_at) where first_id = 0`.execute(
    db,
  );
  await createTable(
    db,
    'chat_stops',
    sql`
      request_id text primary key,
      at timestamptz not null default now()`,
  );
  await sql`create index chat_stops_at on chat_stops (at)`.execute(db);
}
