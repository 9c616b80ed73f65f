import { sql } from 'kysely';
import type { RecordedEvent } from '@app/contracts';
import type { Db } from '../db/database';
import type { Checkpoint } from './types';
import { afterFailure, errorText, type RetryPolicy } from './retry-policy';

/**
 * An event a follower failed on. Holding (`setAside` false): the follower stops just before it, and
 * it is retried with backoff (a projection's for as long as it fails; the reactor's, then parked). Set aside (`setAside` true): it fails the same way every
 * time, so the follower went on past it; parked until an operator retries or skips it.
 */
export interface Park {
  projection: string;
  at: Checkpoint;
  streamId: string;
  eventType: string;
  error: string;
  attempts: number;
  parked: boolean;
  setAside: boolean;
  firstFailedAt: string;
  lastFailedAt: string;
  nextAttemptAt: string;
}

const selectParks = (db: Db) =>
  db
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
      'set_aside',
      'first_failed_at',
      'last_failed_at',
      'next_attempt_at',
    ]);

type ParkRow = Awaited<ReturnType<ReturnType<typeof selectParks>['execute']>>[number];

const parkOf = (r: ParkRow): Park => ({
  projection: r.projection,
  at: { transactionId: r.tx, globalPosition: r.global_position },
  streamId: r.stream_id,
  eventType: r.event_type,
  error: r.error,
  attempts: r.attempts,
  parked: r.parked,
  setAside: r.set_aside,
  firstFailedAt: r.first_failed_at.toISOString(),
  lastFailedAt: r.last_failed_at.toISOString(),
  nextAttemptAt: r.next_attempt_at.toISOString(),
});

/** The event each follower is held before, by follower. */
export const loadParks = async (db: Db): Promise<Map<string, Park>> => {
  const rows = await selectParks(db).where('set_aside', '=', false).execute();
  return new Map(rows.map((r) => [r.projection, parkOf(r)]));
};

/** The events set aside (of one follower, or of all), oldest first. */
export const loadSetAside = async (db: Db, projection?: string): Promise<Park[]> => {
  let q = selectParks(db).where('set_aside', '=', true);
  if (projection !== undefined) q = q.where('projection', '=', projection);
  const rows = await q
    .orderBy('projection')
    .orderBy(sql`global_position`)
    .execute();
  return rows.map(parkOf);
};

/**
 * The events set aside, the oldest `perFollower` of each follower (a bug that throws on every event of
 * a type may set aside thousands), and how many each follower has in all. One statement.
 */
export const loadSetAsideListed = async (
  db: Db,
  perFollower: number,
): Promise<{ listed: Park[]; counts: Map<string, number> }> => {
  const r = await sql<ParkRow & { n: string }>`
    select * from (
      select projection, transaction_id::text as tx, global_position, stream_id, event_type, error,
             attempts, parked, set_aside, first_failed_at, last_failed_at, next_attempt_at,
             row_number() over (partition by projection order by global_position) as rn,
             count(*) over (partition by projection) as n
      from projection_parks where set_aside) as p
    where rn <= ${perFollower}
    order by projection, global_position`.execute(db);
  return {
    listed: r.rows.map(parkOf),
    counts: new Map(r.rows.map((row) => [row.projection, Number(row.n)])),
  };
};

/** Whether the follower may try now: not parked, and its backoff has passed. */
export const mayTry = (park: Park | undefined, now: Date): boolean =>
  park === undefined || (!park.parked && new Date(park.nextAttemptAt) <= now);

/** One failure on `event`, as its park row: inserted, or updating the row of the same event. */
const writePark = async (
  trx: Db,
  projection: string,
  event: RecordedEvent,
  error: unknown,
  earlier: Park | undefined,
  outcome: { parked: boolean; setAside: boolean; delayMs: number },
): Promise<void> => {
  const same = earlier !== undefined && earlier.at.globalPosition === event.globalPosition;
  const row = {
    transaction_id: event.transactionId,
    global_position: event.globalPosition,
    stream_id: event.streamId,
    event_type: event.type,
    error: errorText(error),
    attempts: same ? earlier.attempts + 1 : 1,
    parked: outcome.parked,
    set_aside: outcome.setAside,
    last_failed_at: new Date(),
    next_attempt_at: new Date(Date.now() + outcome.delayMs),
  };
  // A failure on another event starts counting again.
  if (!same) await clearPark(trx, projection);
  await trx
    .insertInto('projection_parks')
    .values({ projection, ...row, first_failed_at: new Date() })
    .onConflict((oc) => oc.columns(['projection', 'global_position']).doUpdateSet(row))
    .execute();
};

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
  const next = afterFailure(policy, same ? earlier.attempts + 1 : 1);
  await writePark(trx, projection, event, error, earlier, {
    parked: next.parked,
    setAside: false,
    delayMs: next.parked ? 0 : next.delayMs,
  });
};

/**
 * Sets `event` aside for `projection` at once: a lasting failure (see `failureKind`). The caller moves
 * the follower's checkpoint past it in the same transaction; an operator retries or skips it.
 */
export const setAside = (
  trx: Db,
  projection: string,
  event: RecordedEvent,
  error: unknown,
  earlier: Park | undefined,
): Promise<void> =>
  writePark(trx, projection, event, error, earlier, { parked: true, setAside: true, delayMs: 0 });

/** The follower no longer stops at an event (it folded it, or an operator skipped it); set-aside events stay. */
export const clearPark = async (trx: Db, projection: string): Promise<void> => {
  await trx
    .deleteFrom('projection_parks')
    .where('projection', '=', projection)
    .where('set_aside', '=', false)
    .execute();
};

/** Forgets one event set aside (retried with success, or skipped). */
export const clearSetAside = async (trx: Db, projection: string, position: string): Promise<void> => {
  await trx
    .deleteFrom('projection_parks')
    .where('projection', '=', projection)
    .where('global_position', '=', position)
    .where('set_aside', '=', true)
    .execute();
};

/** Every event `projection` failed on, held or set aside: a rebuild folds them all again. */
export const clearAllParks = async (trx: Db, projection: string): Promise<void> => {
  await trx.deleteFrom('projection_parks').where('projection', '=', projection).execute();
};

/**
 * The reactor's checkpoint and park name (workers): it follows the log like a projection, so it is
 * retried, parked, listed, retried and skipped the same way.
 */
export const reactorFollower = 'reactor';
