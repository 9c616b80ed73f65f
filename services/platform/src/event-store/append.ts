import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ConcurrencyError, type ExpectedVersion } from './errors';
import { eventsChannel, type AppendResult, type EventMetadata, type NewEvent } from './types';
import { streamHead } from './read';

/** Rows per INSERT: five parameters a row stays far below PostgreSQL's 65,535 bind parameters. */
const insertChunk = 1000;

type AppendOptions = { expectedVersion: ExpectedVersion; metadata: EventMetadata };

const conflict = async (db: Db, streamId: string, expected: ExpectedVersion): Promise<ConcurrencyError> => {
  const head = await streamHead(db, streamId);
  return new ConcurrencyError(streamId, expected, head.version, head.lastActor, head.lastChangedAt);
};

const appendInTransaction = async (
  trx: Db,
  streamId: string,
  events: readonly NewEvent[],
  { expectedVersion, metadata }: AppendOptions,
): Promise<AppendResult> => {
  const head = await streamHead(trx, streamId);
  const expected =
    expectedVersion === 'no-stream' ? 0 : expectedVersion === 'any' ? head.version : expectedVersion;
  if (expected !== head.version) throw await conflict(trx, streamId, expectedVersion);
  if (events.length === 0) return { nextExpectedVersion: head.version, position: head.position ?? '0' };
  // ON CONFLICT DO NOTHING keeps the transaction usable when a concurrent writer took the version
  // first (it waits for that writer's commit), so the error can still say who that writer was.
  const rows: { global_position: string }[] = [];
  for (let start = 0; start < events.length; start += insertChunk) {
    const chunk = events.slice(start, start + insertChunk);
    rows.push(
      ...(await trx
        .insertInto('events')
        .values(
          chunk.map((e, i) => ({
            stream_id: streamId,
            stream_version: expected + start + i + 1,
            event_type: e.type,
            data: JSON.stringify(e.data),
            metadata: JSON.stringify(metadata),
          })),
        )
        .onConflict((oc) => oc.columns(['stream_id', 'stream_version']).doNothing())
        .returning('global_position')
        .execute()),
    );
    if (rows.length !== start + chunk.length) throw await conflict(trx, streamId, expectedVersion);
  }
  await sql`select pg_notify(${eventsChannel}, ${streamId})`.execute(trx);
  const last = rows[rows.length - 1];
  return { nextExpectedVersion: expected + events.length, position: last ? last.global_position : '0' };
};

/**
 * Appends events to one stream if it is at the expected version, else throws ConcurrencyError.
 * Runs in the caller's transaction when given one (and in its own otherwise); NOTIFY goes out on commit.
 */
export const appendToStream = (
  db: Db,
  streamId: string,
  events: readonly NewEvent[],
  options: AppendOptions,
): Promise<AppendResult> =>
  db.isTransaction
    ? appendInTransaction(db, streamId, events, options)
    : db.transaction().execute((trx) => appendInTransaction(trx, streamId, events, options));
