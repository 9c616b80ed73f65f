import {
  DomainError,
  appendToStream,
  inTransaction,
  saveCheckpoint,
  type Db,
  type EventMetadata,
  clearPark,
  loadParks,
  reactorFollower,
  type Park,
} from '@app/platform';
import {
  parkedEventRetriedType,
  parkedEventSkippedType,
  projectionMessages,
  type ParkedEventActionData,
} from '@app/contracts';
import type { Projection } from '../projections/projection';
import { lockProjections, checkpointName } from './run-batch';

export type ParkAction = 'retry' | 'skip';

/**
 * What an operator's retry or skip records, or the refusal: pure. Retry: try the event again now,
 * with fresh attempts. Skip: the projection moves past it (its read model never folds that event).
 */
export const decideParkAction = (
  action: ParkAction,
  projection: string,
  park: Park | undefined,
): { type: string; data: ParkedEventActionData } => {
  if (!park)
    throw new DomainError(
      action === 'retry'
        ? projectionMessages.nothingToRetry(projection)
        : projectionMessages.nothingToSkip(projection),
    );
  return {
    type: action === 'retry' ? parkedEventRetriedType : parkedEventSkippedType,
    data: {
      projection,
      position: park.at.globalPosition,
      streamId: park.streamId,
      eventType: park.eventType,
      error: park.error,
    },
  };
};

/**
 * Retries or skips the event `projection` is failing on, as a command: the decision is appended to
 * `projection-<name>` (with its actor: the audit trail) in the same transaction as its effect.
 */
export const actOnParkedEvent = async (
  db: Db,
  projections: readonly Projection[],
  action: ParkAction,
  name: string,
  metadata: EventMetadata,
): Promise<ParkedEventActionData> => {
  // The projections, and the workers' reactor, which follows the log the same way.
  const checkpoint =
    name === reactorFollower
      ? reactorFollower
      : projections.some((p) => p.name === name)
        ? checkpointName({ name })
        : null;
  if (checkpoint === null) throw new DomainError(projectionMessages.unknownProjection(name));
  return inTransaction(db, async (trx) => {
    await lockProjections(trx);
    const park = (await loadParks(trx)).get(name);
    const event = decideParkAction(action, name, park);
    await appendToStream(trx, `projection-${name}`, [event], { expectedVersion: 'any', metadata });
    if (action === 'skip' && park) {
      await saveCheckpoint(trx, checkpoint, park.at);
      await clearPark(trx, name);
    } else {
      await trx
        .updateTable('projection_parks')
        .set({ parked: false, attempts: 0, next_attempt_at: new Date() })
        .where('projection', '=', name)
        .execute();
    }
    return event.data;
  });
};
