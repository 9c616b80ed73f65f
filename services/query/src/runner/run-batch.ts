import { sql } from 'kysely';
import {
  loadCheckpoint,
  logStart,
  readAllForward,
  type Checkpoint,
  type Db,
  clearPark,
  loadParks,
  recordFailure,
  setAside,
  type Park,
  transientRetryPolicy,
  type RetryPolicy,
} from '@app/platform';
import type { Projection } from '../projections/projection';
import { planBatch, type Standing } from './batch-plan';
import { projectionLockKey } from './channels';
import { foldProjection, ProjectionFailed } from './fold-projection';
import type { Change, RecordedChange } from './live-changes';

export const checkpointName = (p: Pick<Projection, 'name'>) => `projection:${p.name}`;

/**
 * One writer of projections at a time, whoever calls: a runner that just lost the lead may still be
 * finishing a batch when the next leader starts one, and a rebuild may run beside the runner. Taken
 * first in the transaction, so checkpoints are read after the previous writer committed, and the
 * changes' `seq` commit in order.
 */
export const lockProjections = async (trx: Db) => {
  await sql`select pg_advisory_xact_lock(${projectionLockKey}::int, 0)`.execute(trx);
};

/**
 * The runner's batches commit without waiting for the WAL flush (`synchronous_commit = off` for that
 * transaction only): read models are derived from the log, so a crash can lose at most the last
 * moments of them, rows, checkpoints and changes together, and the runner folds those events again.
 * The log's appends stay synchronous.
 */
const lockProjectionsForBatch = async (trx: Db) => {
  await sql`select set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(${projectionLockKey}::int, 0)`.execute(
    trx,
  );
};

/** Checkpoints and, only when some follower is held, its park: one round trip in the usual case. */
const loadStandings = async (trx: Db, projections: readonly Projection[]): Promise<Standing[]> => {
  const rows = await trx
    .selectFrom('checkpoints')
    .select([
      'name',
      sql<string>`transaction_id::text`.as('tx'),
      'global_position',
      sql<boolean>`exists (select 1 from projection_parks where not set_aside)`.as('failing'),
    ])
    .where(
      'name',
      'in',
      projections.map((p) => checkpointName(p)),
    )
    .execute();
  const parks =
    rows.length === 0 || rows.some((r) => r.failing) ? await loadParks(trx) : new Map<string, Park>();
  const byName = new Map(
    rows.map((r) => [r.name, { transactionId: r.tx, globalPosition: r.global_position }]),
  );
  return projections.map((projection) => ({
    projection,
    checkpoint: byName.get(checkpointName(projection)) ?? logStart,
    park: parks.get(projection.name),
  }));
};

/**
 * The batch's checkpoints and its changes for `/live`, in one statement; answers the changes with
 * their `seq` (identity values follow the insert's order).
 */
const saveProgress = async (
  trx: Db,
  moved: readonly { name: string; at: Checkpoint }[],
  changes: readonly Change[],
): Promise<RecordedChange[]> => {
  if (moved.length === 0 && changes.length === 0) return [];
  const result = await sql<{ seq: string }>`
    with saved as (
      insert into checkpoints (name, transaction_id, global_position, updated_at)
      select name, tx::xid8, pos::bigint, now()
      from unnest(${moved.map((m) => m.name)}::text[], ${moved.map((m) => m.at.transactionId)}::text[],
                  ${moved.map((m) => m.at.globalPosition)}::text[]) as u(name, tx, pos)
      on conflict (name) do update
        set transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()
      returning 1
    ), recorded as (
      insert into live_changes (read_model, ids, position, actor)
      select rm, ids::jsonb, pos::bigint, actor
      from unnest(${changes.map((c) => c.readModel)}::text[], ${changes.map((c) => JSON.stringify(c.ids))}::text[],
                  ${changes.map((c) => c.position)}::text[], ${changes.map((c) => c.actor)}::text[])
        with ordinality as u(rm, ids, pos, actor, ord)
      order by ord
      returning seq
    )
    select seq::text as seq from recorded, (select count(*) from saved) as s order by seq`.execute(trx);
  return changes.map((c, i) => ({ ...c, seq: result.rows[i]?.seq ?? '0' }));
};

/** How a transient failure is retried: with backoff, never parked (a projection has no `maxAttempts`). */
export type Backoff = Pick<RetryPolicy, 'firstDelayMs' | 'maxDelayMs'>;

export interface BatchOptions {
  batchSize: number;
  retry?: Backoff;
}

export interface BatchOutcome {
  /** Whether more events may be waiting. */
  more: boolean;
  /** What changed, with its `seq`, committed. */
  changes: RecordedChange[];
  /** The global positions of the events this batch read (folded, or set aside, by every runnable projection). */
  positions: string[];
  /** The global positions of the events a projection set aside in this batch. */
  setAside: string[];
}

const nothingRead: BatchOutcome = { more: false, changes: [], positions: [], setAside: [] };

const runOnce = (
  db: Db,
  projections: readonly Projection[],
  opts: BatchOptions,
  careful: boolean,
): Promise<BatchOutcome> =>
  db.transaction().execute(async (trx) => {
    await lockProjectionsForBatch(trx);
    const { runnable, from } = planBatch(await loadStandings(trx, projections), new Date());
    if (from === null) return nothingRead;
    const events = await readAllForward(trx, from, opts.batchSize);
    if (events.length === 0) return nothingRead;
    const changes: { index: number; change: Change }[] = [];
    const moved: { name: string; at: Checkpoint }[] = [];
    const setAsideNow: string[] = [];
    for (const s of runnable) {
      const folded = await foldProjection(trx, s, events, careful);
      changes.push(...folded.changes);
      if (folded.checkpoint !== s.checkpoint)
        moved.push({ name: checkpointName(s.projection), at: folded.checkpoint });
      for (const { event, error } of folded.setAside) {
        await setAside(trx, s.projection.name, event, error, s.park);
        setAsideNow.push(event.globalPosition);
      }
      if (folded.failed) {
        const { event, error } = folded.failed;
        const { firstDelayMs, maxDelayMs } = opts.retry ?? transientRetryPolicy;
        await recordFailure(trx, s.projection.name, event, error, s.park, { firstDelayMs, maxDelayMs });
      } else if (s.park) {
        await clearPark(trx, s.projection.name);
      }
    }
    const recorded = await saveProgress(
      trx,
      moved,
      changes.sort((a, b) => a.index - b.index).map((c) => c.change),
    );
    return {
      more: events.length === opts.batchSize,
      changes: recorded,
      positions: events.map((e) => e.globalPosition),
      setAside: setAsideNow,
    };
  });

/**
 * One batch for every projection: the log is read once, after the projection furthest behind, and
 * each projection folds what it has not seen; rows, checkpoints and the changes for `/live` commit
 * in one transaction (exactly-once effects). A projection that throws on an event sets it aside and
 * goes on when the failure is lasting; a transient one holds it before the event and is retried
 * with a capped backoff for as long as it lasts, never parked (`projection_parks` counts the
 * attempts). The others keep going either way.
 */
export const runBatch = async (
  db: Db,
  projections: readonly Projection[],
  opts: BatchOptions,
): Promise<BatchOutcome> => {
  try {
    return await runOnce(db, projections, opts, false);
  } catch (e) {
    if (!(e instanceof ProjectionFailed)) throw e;
    return runOnce(db, projections, opts, true);
  }
};

export const projectionCheckpoint = (db: Db, p: Projection) => loadCheckpoint(db, checkpointName(p));
