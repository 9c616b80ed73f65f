import { limits, type ReadModelName, type RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';

/** One read-model change, as the runner records it in `live_changes` (ids and positions, no data). */
export interface Change {
  readModel: ReadModelName;
  ids: string[];
  position: string;
  actor: string;
}

export interface RecordedChange extends Change {
  seq: string;
}

/**
 * The change an applied event made: ids bounded in number and length, so any message fits. Its actor
 * is the event's, unless the projection named whose change it is (`audience`).
 */
export const changeOf = (
  readModel: ReadModelName,
  event: RecordedEvent,
  ids: readonly string[],
  audience?: string,
): Change => ({
  readModel,
  ids: ids.filter((id) => id.length <= limits.liveIdLength).slice(0, limits.liveIds),
  position: event.globalPosition,
  actor: (audience ?? event.metadata.actor.email).slice(0, limits.emailLength),
});

/** Records the changes in the caller's transaction; answers them with their `seq`, in order. */
export const recordChanges = async (trx: Db, changes: readonly Change[]): Promise<RecordedChange[]> => {
  if (changes.length === 0) return [];
  const rows = await trx
    .insertInto('live_changes')
    .values(
      changes.map((c) => ({
        read_model: c.readModel,
        ids: JSON.stringify(c.ids),
        position: c.position,
        actor: c.actor,
      })),
    )
    .returning('seq')
    .execute();
  return changes.map((c, i) => ({ ...c, seq: rows[i]?.seq ?? '0' }));
};

/** How long the feed reaches back: a client away for longer refetches instead of resuming. */
export const liveChangesRetentionMinutes = 15;

export const pruneLiveChanges = async (db: Db): Promise<void> => {
  await db
    .deleteFrom('live_changes')
    .where('recorded_at', '<', new Date(Date.now() - liveChangesRetentionMinutes * 60_000))
    .execute();
};
