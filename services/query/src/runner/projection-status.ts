import { sql } from 'kysely';
import { lagCountLimit, setAsideListed, type ProjectionStatusView } from '@app/contracts';
import {
  type Db,
  loadCheckpoint,
  loadParks,
  loadSetAsideListed,
  reactorFollower,
  type Park,
} from '@app/platform';
import type { Projection } from '../projections/projection';
import { checkpointName } from './run-batch';

const lagAfter = async (
  db: Db,
  checkpoint: string,
  countUpTo: number,
): Promise<{ position: string; lag: number }> => {
  const cp = await loadCheckpoint(db, checkpoint);
  const row = await sql<{ n: string }>`
    select count(*)::text as n from (
      select 1 from events
      where (transaction_id, global_position) > (${cp.transactionId}::xid8, ${cp.globalPosition}::bigint)
      limit ${countUpTo}) as behind`.execute(db);
  return { position: cp.globalPosition, lag: Number(row.rows[0]?.n ?? 0) };
};

type ParkedEventView = NonNullable<ProjectionStatusView['failing']>;

const viewOf = (park: Park): ParkedEventView => ({
  position: park.at.globalPosition,
  streamId: park.streamId,
  eventType: park.eventType,
  error: park.error,
  attempts: park.attempts,
  parked: park.parked,
  firstFailedAt: park.firstFailedAt,
  lastFailedAt: park.lastFailedAt,
  nextAttemptAt: park.nextAttemptAt,
});

const holding = (park: Park | undefined): ParkedEventView | null => (park ? viewOf(park) : null);

/**
 * Each projection's position, how many events it is behind, the event it is held before, if any, and
 * the events it set aside (the oldest, and how many); then the reactor's (the workers' log
 * follower), once it has started.
 */
export const projectionStatus = async (
  db: Db,
  projections: readonly Projection[],
  countUpTo: number = lagCountLimit,
): Promise<ProjectionStatusView[]> => {
  const parks = await loadParks(db);
  const { listed, counts } = await loadSetAsideListed(db, setAsideListed);
  const setAside = new Map<string, Park[]>();
  for (const park of listed) setAside.set(park.projection, [...(setAside.get(park.projection) ?? []), park]);
  const out: ProjectionStatusView[] = [];
  for (const p of projections)
    out.push({
      name: p.name,
      readModel: p.readModel,
      ...(await lagAfter(db, checkpointName(p), countUpTo)),
      failing: holding(parks.get(p.name)),
      setAside: (setAside.get(p.name) ?? []).map(viewOf),
      setAsideCount: counts.get(p.name) ?? 0,
    });
  const reactorStarted = await db
    .selectFrom('checkpoints')
    .select('name')
    .where('name', '=', reactorFollower)
    .executeTakeFirst();
  if (reactorStarted || parks.has(reactorFollower) || setAside.has(reactorFollower))
    out.push({
      name: reactorFollower,
      readModel: null,
      ...(await lagAfter(db, reactorFollower, countUpTo)),
      failing: holding(parks.get(reactorFollower)),
      setAside: (setAside.get(reactorFollower) ?? []).map(viewOf),
      setAsideCount: counts.get(reactorFollower) ?? 0,
    });
  return out;
};
