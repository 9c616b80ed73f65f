import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * `snapshots`: a decider's folded state of one stream at `version`, so a command reads it and the
 * events after it instead of refolding the whole stream. Written in the same transaction as the
 * append it follows (an upsert), so it is never ahead of the log it was folded from. `shape` names the
 * decider's state shape ('featureFlags/1'): a snapshot of another shape is ignored, then replaced.
 *
 * `state` is `json`, not `jsonb`: json keeps the text as written, so the object keys come back in the
 * order they were folded in (a decider's answer follows that order); jsonb would sort them.
 * A snapshot is a cache: deleting any row (or all) only costs the next command one refold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'snapshots',
    sql`
      stream_id text primary key,
      version integer not null check (version > 0),
      shape text not null,
      state json not null,
      taken_at timestamptz not null default now()`,
  );
}
