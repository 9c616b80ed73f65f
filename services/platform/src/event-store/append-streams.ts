import { sql } from 'kysely';
import type { Db } from '../db/database';
import { asConcurrencyError, expectedArgument } from './append';
import type { ExpectedVersion } from './errors';
import { markAppended } from './log-waker';
import { observeAppend, secondsSince } from '../metrics/registry';
import type { AppendResult, EventMetadata, NewEvent } from './types';

/** Events for one stream, appended if it is at `expectedVersion`. */
export interface StreamAppend {
  streamId: string;
  events: readonly NewEvent[];
  expectedVersion: ExpectedVersion;
}

/** A conflict of the statement, as a ConcurrencyError of the stream `append_to_stream` names (`stream <id> moved on`). */
const conflictOf = (e: unknown, appends: readonly StreamAppend[]): unknown => {
  const message = typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : '';
  const append = appends.find((a) => message === `stream ${a.streamId} moved on`);
  return append ? asConcurrencyError(e, append.streamId, append.expectedVersion) : e;
};

/**
 * Appends to several streams in one statement (one round trip), each only if it is at its expected
 * version, inside the caller's transaction `trx` (its commit wakes the followers): all or nothing
 * with it. A stream that moved on fails the statement with a ConcurrencyError naming that stream.
 * Answers each append's result, in the order given.
 */
export const appendToStreams = async (
  trx: Db,
  appends: readonly StreamAppend[],
  metadata: EventMetadata,
): Promise<AppendResult[]> => {
  if (!trx.isTransaction) throw new Error('appendToStreams runs inside a transaction');
  if (appends.length === 0) return [];
  const started = performance.now();
  let rows: { ord: string; next_version: string; last_position: string | null }[];
  try {
    ({ rows } = await sql<{ ord: string; next_version: string; last_position: string | null }>`
      select s.ord, a.next_version, a.last_position
      from unnest(${appends.map((a) => a.streamId)}::text[],
                  ${appends.map((a) => expectedArgument(a.expectedVersion))}::int[],
                  ${appends.map((a) => JSON.stringify(a.events.map((e) => ({ type: e.type, data: e.data }))))}::jsonb[])
             with ordinality as s(stream_id, expected, events, ord)
      cross join lateral append_to_stream(s.stream_id, s.expected, s.events, ${JSON.stringify(metadata)}::jsonb) as a
      order by s.ord`.execute(trx));
  } catch (e) {
    throw conflictOf(e, appends);
  } finally {
    observeAppend(secondsSince(started));
  }
  if (appends.some((a) => a.events.length > 0)) markAppended(trx);
  const byOrdinal = new Map(rows.map((r) => [Number(r.ord), r]));
  return appends.map((_, i) => {
    const row = byOrdinal.get(i + 1);
    return { nextExpectedVersion: Number(row?.next_version ?? 0), position: row?.last_position ?? '0' };
  });
};
