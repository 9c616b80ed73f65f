import { sql } from 'kysely';
import { lagCountLimit, type ProjectionStatusView } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { loadParks, type Park } from './parks';
import { projectionCheckpoint } from './run-batch';

const lagAfter = async (
  db: Db,
  p: Projection,
  countUpTo: number,
): Promise<{ position: string; lag: number }> => {
  const cp = await projectionCheckpoint(db, p);
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

/** Each projection's position, how many events it is behind, and the event it is failing on, if any. */
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
      ...(await lagAfter(db, p, countUpTo)),
      failing: parkView(parks.get(p.name)),
    });
  return out;
};
