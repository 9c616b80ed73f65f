import { sql } from 'kysely';
import type { RecordedEvent } from '@app/contracts';
import type { Db } from '../db/database';
import type { Checkpoint } from './types';
import { afterFailure, errorText, type RetryPolicy } from './retry-policy';

/** The event a follower failed on, and whether it is being retried or parked. */
export interface Park {
  projection: string;
  at: Checkpoint;
  streamId: string;
  eventType: string;
  error: string;
  attempts: number;
  parked: boolean;
  firstFailedAt: string;
  lastFailedAt: string;
  nextAttemptAt: string;
}

export const loadParks = async (db: Db): Promise<Map<string, Park>> => {
  const rows = await db
    .selectFrom('projection_parks')
    .select([
      'projection',
      sql<string>`transaction_id::text`.as('tx'),
      'global_position',
      'stream_id',
      'event_type',
      'error',
      'attempts',
      'parked',
      'first_failed_at',
      'last_failed_at',
      'next_attempt_at',
    ])
    .execute();
  return new Map(
    rows.map((r) => [
      r.projection,
      {
        projection: r.projection,
        at: { transactionId: r.tx, globalPosition: r.global_position },
        streamId: r.stream_id,
        eventType: r.event_type,
        error: r.error,
        attempts: r.attempts,
        parked: r.parked,
        firstFailedAt: r.first_failed_at.toISOString(),
        lastFailedAt: r.last_failed_at.toISOString(),
        nextAttemptAt: r.next_attempt_at.toISOString(),
      },
    ]),
  );
};

/** Whether the follower may try now: not parked, and its backoff has passed. */
export const mayTry = (park: Park | undefined, now: Date): boolean =>
  park === undefined || (!park.parked && new Date(park.nextAttemptAt) <= now);

/** Records one more failure on `event` (a failure on another event starts counting again). */
export const recordFailure = async (
  trx: Db,
  projection: string,
  event: RecordedEvent,
  error: unknown,
  earlier: Park | undefined,
  policy: RetryPolicy,
): Promise<void> => {
  const same = earlier !== undefined && earlier.at.globalPosition === event.globalPosition;
  const attempts = same ? earlier.attempts + 1 : 1;
  const next = afterFailure(policy, attempts);
  const row = {
    transaction_id: event.transactionId,
    global_position: event.globalPosition,
    stream_id: event.streamId,
    event_type: event.type,
    error: errorText(error),
    attempts,
    parked: next.parked,
    last_failed_at: new Date(),
    next_attempt_at: new Date(Date.now() + (next.parked ? 0 : next.delayMs)),
  };
  await trx
    .insertInto('projection_parks')
    .values({ projection, ...row, first_failed_at: new Date() })
    .onConflict((oc) =>
      oc.column('projection').doUpdateSet(same ? row : { ...row, first_failed_at: new Date() }),
    )
    .execute();
};

export const clearPark = async (trx: Db, projection: string): Promise<void> => {
  await trx.deleteFrom('projection_parks').where('projection', '=', projection).execute();
};

/**
 * The reactor's checkpoint and park name (workers): it follows the log like a projection, so it is
 * retried, parked, listed, retried and skipped the same way.
 */
export const reactorFollower = 'reactor';
