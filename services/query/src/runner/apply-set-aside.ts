import { sql } from 'kysely';
import { projectionMessages } from '@app/contracts';
import {
  DomainError,
  clearSetAside,
  errorText,
  eventColumns,
  loadCheckpoint,
  toRecordedEvent,
  type Db,
  type Park,
} from '@app/platform';
import { handlesEvent, type Projection } from '../projections/projection';
import { changesChannel } from './channels';
import { changeOf, recordChanges } from './live-changes';
import { checkpointName } from './run-batch';

/**
 * Whether `projection` already folded a later event of the stream (one it handles, at a position its
 * checkpoint has passed, not set aside too): folding the one set aside now would put older values
 * back over it.
 */
const laterFolded = async (
  trx: Db,
  projection: Projection,
  at: { streamId: string; streamVersion: number },
): Promise<boolean> => {
  const checkpoint = await loadCheckpoint(trx, checkpointName(projection));
  const later = await trx
    .selectFrom('events')
    .select('event_type')
    .where('stream_id', '=', at.streamId)
    .where('stream_version', '>', at.streamVersion)
    .where(
      sql<boolean>`(transaction_id, global_position) <= (${checkpoint.transactionId}::xid8, ${checkpoint.globalPosition}::bigint)`,
    )
    // Those it set aside too were not folded: they put nothing over it.
    .where(
      sql<boolean>`not exists (select 1 from projection_parks p where p.projection = ${projection.name}
        and p.global_position = events.global_position and p.set_aside)`,
    )
    .execute();
  return later.some((e) => handlesEvent(projection, e.event_type));
};

/**
 * Folds an event `projection` set aside, now and once (out of the log's order: the operator's call,
 * after a fix), in the caller's transaction. Folded: the park goes, and the change is recorded for
 * `/live` (pushed once the transaction commits). Failing again: nothing of it is kept, and the park
 * stays with the new error. Answers the error, or null. Refused (a DomainError, nothing changed) when
 * the projection already folded a later event of the same stream: only a rebuild folds them in order.
 */
export const applySetAside = async (trx: Db, projection: Projection, park: Park): Promise<string | null> => {
  const row = await trx
    .selectFrom('events')
    .select(eventColumns)
    .where('global_position', '=', park.at.globalPosition)
    .executeTakeFirst();
  if (!row) {
    // The log is append-only; a park whose event is gone has nothing left to fold.
    await clearSetAside(trx, projection.name, park.at.globalPosition);
    return null;
  }
  if (await laterFolded(trx, projection, { streamId: row.stream_id, streamVersion: row.stream_version }))
    throw new DomainError(
      projectionMessages.retryWouldReorder(projection.name, park.at.globalPosition, row.stream_id),
    );
  const event = toRecordedEvent(row);
  await sql`savepoint apply_set_aside`.execute(trx);
  try {
    const applied = await projection.apply(event, trx);
    await sql`release savepoint apply_set_aside`.execute(trx);
    const { ids, audience } = Array.isArray(applied) ? { ids: applied, audience: undefined } : applied;
    await clearSetAside(trx, projection.name, park.at.globalPosition);
    if (projection.readModel && ids.length > 0) {
      await recordChanges(trx, [changeOf(projection.readModel, event, ids, audience)]);
      await sql`select pg_notify(${changesChannel}, '')`.execute(trx);
    }
    return null;
  } catch (e) {
    await sql`rollback to savepoint apply_set_aside`.execute(trx);
    const error = errorText(e);
    await trx
      .updateTable('projection_parks')
      .set({ error, attempts: park.attempts + 1, last_failed_at: new Date() })
      .where('projection', '=', projection.name)
      .where('global_position', '=', park.at.globalPosition)
      .execute();
    return error;
  }
};
