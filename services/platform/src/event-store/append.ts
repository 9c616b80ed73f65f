import { sql } from 'kysely';
import type pg from 'pg';
import { poolOf, type Db } from '../db/database';
import { appendOne } from './append-one';
import { streamHead } from './read';
import { ConcurrencyError, type ExpectedVersion } from './errors';
import { announceAppend, markAppended } from './log-waker';
import { observeAppend, secondsSince } from '../metrics/registry';
import type { AppendResult, EventMetadata, NewEvent } from './types';

type AppendOptions = { expectedVersion: ExpectedVersion; metadata: EventMetadata };

type AppendRow = { next_version: string; last_position: string | null };

const appendStatement =
  'select next_version, last_position from append_to_stream($1, $2, $3::jsonb, $4::jsonb)';

/** What `append_to_stream` (migration 0009) puts in DETAIL when the stream moved on. */
interface ConflictDetail {
  version?: number;
  actor?: string | null;
  at?: string | null;
}

/** `append_to_stream`'s expected version: -1 any, 0 no stream, else the version. */
export const expectedArgument = (expected: ExpectedVersion): number =>
  expected === 'any' ? -1 : expected === 'no-stream' ? 0 : expected;

/** An EV409 of `append_to_stream` as a ConcurrencyError naming who moved the stream on; anything else as is. */
export const asConcurrencyError = (e: unknown, streamId: string, expected: ExpectedVersion): unknown => {
  if (typeof e !== 'object' || e === null || !('code' in e) || e.code !== 'EV409') return e;
  let head: ConflictDetail = {};
  try {
    head = JSON.parse('detail' in e && typeof e.detail === 'string' ? e.detail : '{}') as ConflictDetail;
  } catch {
    // An unreadable detail still is a conflict, naming no one.
  }
  return new ConcurrencyError(
    streamId,
    expected,
    head.version ?? 0,
    head.actor ?? null,
    head.at ? new Date(head.at).toISOString() : null,
  );
};

/** One event on its own at a known version: one plain INSERT; null when the stream moved on. */
const appendSingle = async (
  db: Db,
  pool: pg.Pool,
  streamId: string,
  event: NewEvent,
  expected: number,
  { expectedVersion, metadata }: AppendOptions,
): Promise<AppendRow | null> => {
  const position = await appendOne(
    pool,
    streamId,
    expected,
    event.type,
    JSON.stringify(event.data),
    JSON.stringify(metadata),
  );
  if (position !== null) return { next_version: String(expected + 1), last_position: position };
  const head = await streamHead(db, streamId);
  throw new ConcurrencyError(streamId, expectedVersion, head.version, head.lastActor, head.lastChangedAt);
};

const appendMany = async (
  db: Db,
  pool: pg.Pool | undefined,
  streamId: string,
  events: readonly NewEvent[],
  { expectedVersion, metadata }: AppendOptions,
): Promise<AppendRow | undefined> => {
  const args = [
    streamId,
    expectedArgument(expectedVersion),
    JSON.stringify(events.map((e) => ({ type: e.type, data: e.data }))),
    JSON.stringify(metadata),
  ] as const;
  try {
    // On its own: one autocommitted statement, prepared once per connection.
    if (pool)
      return (
        await pool.query<AppendRow>({ name: 'append_to_stream', text: appendStatement, values: [...args] })
      ).rows[0];
    const [stream, expected, payload, meta] = args;
    const result = await sql<AppendRow>`
      select next_version, last_position from append_to_stream(
        ${stream}, ${expected}, ${payload}::jsonb, ${meta}::jsonb)`.execute(db);
    return result.rows[0];
  } catch (e) {
    throw asConcurrencyError(e, streamId, expectedVersion);
  }
};

/**
 * Appends events to one stream if it is at the expected version, else throws ConcurrencyError naming
 * who changed it. One statement, one round trip: `append_to_stream` (migration 0009), or for one event
 * outside a transaction at a known version a plain INSERT (`append-one.ts`). Inside the caller's
 * transaction when given one (its commit, through `inTransaction`, wakes the followers), else
 * autocommitted on its own, and the followers are woken at once.
 */
export const appendToStream = async (
  db: Db,
  streamId: string,
  events: readonly NewEvent[],
  options: AppendOptions,
): Promise<AppendResult> => {
  const started = performance.now();
  const pool = db.isTransaction ? undefined : poolOf(db);
  const expected = options.expectedVersion === 'no-stream' ? 0 : options.expectedVersion;
  const [single] = events;
  let row: AppendRow | null | undefined;
  try {
    row =
      pool && single && events.length === 1 && expected !== 'any'
        ? await appendSingle(db, pool, streamId, single, expected, options)
        : await appendMany(db, pool, streamId, events, options);
  } finally {
    observeAppend(secondsSince(started));
  }
  if (events.length > 0) {
    if (db.isTransaction) markAppended(db);
    else announceAppend(db);
  }
  return { nextExpectedVersion: Number(row?.next_version ?? 0), position: row?.last_position ?? '0' };
};
