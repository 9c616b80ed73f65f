import { sql } from 'kysely';
import { lagCountLimit, type ProjectionStatusView } from '@app/contracts';
import { type Db, loadCheckpoint, loadParks, reactorFollower, type Park } from '@app/platform';
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

const parkView = (park: Park | undefined): ProjectionStatusView['failing'] =>
  park
    ? {
        position: park.at.globalPosition,
        streamId: park.streamId,
        eventType: park.eventType,
        error: park.error,
        attempts: park.attempts,
        parked: park.parked,
        firstFailedAt: park.firstFailedAt,
        lastFailedAt: park.lastFailedAt,
        nextAttemptAt: park.nextAttemptAt,
      }
    : null;

/**
 * Each projection's position, how many events it is behind, and the event it is failing on, if any;
 * then the reactor's (the workers' log follower), once it has started.
 */
export const projectionStatus = async (
  db: Db,
  projections: readonly Projection[],
  countUpTo: number = lagCountLimit,
): Promise<ProjectionStatusView[]> => {
  const parks = await loadParks(db);
  const out: ProjectionStatusView[] = [];
  for (const p of projections)
    out.push({
      name: p.name,
      readModel: p.readModel,
      ...(await lagAfter(db, checkpointName(p), countUpTo)),
      failing: parkView(parks.get(p.name)),
    });
  const reactorStarted = await db
    .selectFrom('checkpoints')
    .select('name')
    .where('name', '=', reactorFollower)
    .executeTakeFirst();
  if (reactorStarted || parks.has(reactorFollower))
    out.push({
      name: reactorFollower,
      readModel: null,
      ...(await lagAfter(db, reactorFollower, countUpTo)),
      failing: parkView(parks.get(reactorFollower)),
    });
  return out;
};
