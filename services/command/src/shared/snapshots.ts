import { sql } from 'kysely';
import type { Db, NewEvent } from '@app/platform';

/** What one read answers: the snapshot of that shape (if any) and every event after it. */
export interface SnapshotAndTail {
  /** The stream's version now (0: no stream). */
  head: number;
  /** The snapshot's version and state, or null when there is none of that shape (or it is unusable). */
  snapshot: { version: number; state: unknown } | null;
  /** The events after the snapshot (after version 0 without one), in version order. */
  tail: NewEvent[];
}

interface Row {
  head: number;
  snapshot_version: number | null;
  snapshot_state: unknown;
  tail: NewEvent[];
}

/**
 * The snapshot of `shape` and the events after it, in one statement (one round trip, one view of the
 * log). A snapshot ahead of the stream's head cannot have come from its log: it is ignored, and so
 * is any snapshot when `shape` is null. The events come as one json array (type and data only: what a
 * fold reads).
 */
export const readSnapshotAndTail = async (
  db: Db,
  streamId: string,
  shape: string | null,
): Promise<SnapshotAndTail> => {
  const { rows } = await sql<Row>`
    with head as (
      select coalesce(max(stream_version), 0)::int as version from events where stream_id = ${streamId}
    ), snap as (
      select s.version, s.state from snapshots s, head
      where s.stream_id = ${streamId} and s.shape = ${shape} and s.version <= head.version
    )
    select
      (select version from head) as head,
      (select version from snap) as snapshot_version,
      (select state from snap) as snapshot_state,
      coalesce((
        select json_agg(json_build_object('type', e.event_type, 'data', e.data) order by e.stream_version)
        from events e
        where e.stream_id = ${streamId} and e.stream_version > coalesce((select version from snap), 0)
      ), '[]'::json) as tail`.execute(db);
  const row = rows[0];
  if (!row) return { head: 0, snapshot: null, tail: [] };
  return {
    head: row.head,
    snapshot:
      row.snapshot_version === null ? null : { version: row.snapshot_version, state: row.snapshot_state },
    tail: row.tail,
  };
};

/**
 * Keeps `state` as the stream's snapshot at `version`, in the caller's transaction (the one that
 * appended up to `version`, so the snapshot commits or rolls back with it). A snapshot of the same
 * shape at a later version stays (a later command wrote it), unless the stream never reached that
 * version; one of another shape is replaced.
 */
export const writeSnapshot = async (
  db: Db,
  snapshot: { streamId: string; version: number; shape: string; state: unknown },
): Promise<void> => {
  const { streamId, version, shape, state } = snapshot;
  await sql`
    insert into snapshots (stream_id, version, shape, state)
    values (${streamId}, ${version}, ${shape}, ${JSON.stringify(state)}::json)
    on conflict (stream_id) do update
      set version = excluded.version, shape = excluded.shape, state = excluded.state, taken_at = now()
      where snapshots.version < excluded.version
        or snapshots.shape <> excluded.shape
        or snapshots.version > (select max(stream_version) from events where stream_id = excluded.stream_id)`.execute(
    db,
  );
};
