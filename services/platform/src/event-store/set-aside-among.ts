import { sql } from 'kysely';
import type { Db } from '../db/database';

/** An event of a command's appends that a follower set aside. */
export interface SetAsideEvent {
  /** The last position of the append it belongs to (as the command's outcome names it). */
  append: string;
  position: string;
  eventType: string;
  projection: string;
}

/**
 * Which events of these appends (each named by its last event's position and how many events it
 * appended, all on that event's stream) a follower set aside. One statement; nothing when no event
 * is set aside at all.
 */
export const setAsideAmong = async (
  db: Db,
  appends: readonly { position: string; eventCount: number }[],
): Promise<SetAsideEvent[]> => {
  if (appends.length === 0) return [];
  const r = await sql<SetAsideEvent>`
    with appended as (
      select a.pos::text as append, last.stream_id, last.stream_version - a.n as after, last.stream_version as upto
      from unnest(${appends.map((a) => a.position)}::bigint[], ${appends.map((a) => a.eventCount)}::int[]) as a(pos, n)
      join events last on last.global_position = a.pos
    )
    select a.append, p.global_position::text as position, p.event_type as "eventType", p.projection
    from projection_parks p
    join events e on e.global_position = p.global_position
    join appended a on a.stream_id = e.stream_id and e.stream_version > a.after and e.stream_version <= a.upto
    where p.set_aside
    order by p.global_position, p.projection`.execute(db);
  return r.rows;
};
