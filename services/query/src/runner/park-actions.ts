import {
  DomainError,
  appendToStream,
  inTransaction,
  saveCheckpoint,
  type Db,
  type EventMetadata,
  clearPark,
  clearSetAside,
  loadParks,
  loadSetAside,
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
import { applySetAside } from './apply-set-aside';
import { lockProjections, checkpointName } from './run-batch';

export type ParkAction = 'retry' | 'skip';

/** The events `projection` failed on, oldest first: those set aside, then the one it is held before. */
const failedOn = (held: Park | undefined, setAside: readonly Park[]): Park[] =>
  [...setAside, ...(held ? [held] : [])].sort((a, b) =>
    BigInt(a.at.globalPosition) < BigInt(b.at.globalPosition) ? -1 : 1,
  );

/**
 * What an operator's retry or skip records, or the refusal: pure. The event acted on is the one at
 * `position`, else the oldest. Retry: try it again now (held: with fresh attempts; set aside: folded
 * now, once). Skip: it stays out of the read model (held: the projection moves past it).
 */
export const decideParkAction = (
  action: ParkAction,
  projection: string,
  parks: readonly Park[],
  position?: string,
): { park: Park; type: string; data: ParkedEventActionData } => {
  const park = position === undefined ? parks[0] : parks.find((p) => p.at.globalPosition === position);
  if (!park)
    throw new DomainError(
      position !== undefined
        ? projectionMessages.nothingAt(projection, position)
        : action === 'retry'
          ? projectionMessages.nothingToRetry(projection)
          : projectionMessages.nothingToSkip(projection),
    );
  return {
    park,
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
 * Retries or skips an event `projection` failed on (`position`, else the oldest), as a command: the
 * decision is appended to `projection-<name>` (with its actor: the audit trail) in the same
 * transaction as its effect. A retry of an event set aside folds it now and records whether it did.
 */
export const actOnParkedEvent = async (
  db: Db,
  projections: readonly Projection[],
  action: ParkAction,
  name: string,
  metadata: EventMetadata,
  position?: string,
): Promise<ParkedEventActionData> => {
  // The projections, and the workers' reactor, which follows the log the same way.
  const projection = projections.find((p) => p.name === name);
  const checkpoint =
    name === reactorFollower ? reactorFollower : projection ? checkpointName({ name }) : null;
  if (checkpoint === null) throw new DomainError(projectionMessages.unknownProjection(name));
  return inTransaction(db, async (trx) => {
    await lockProjections(trx);
    const parks = failedOn((await loadParks(trx)).get(name), await loadSetAside(trx, name));
    const { park, type, data } = decideParkAction(action, name, parks, position);
    if (park.setAside) {
      if (action === 'skip') await clearSetAside(trx, name, park.at.globalPosition);
      else {
        const error = projection ? await applySetAside(trx, projection, park) : park.error;
        Object.assign(data, { applied: error === null, error: error ?? park.error });
      }
    } else if (action === 'skip') {
      await saveCheckpoint(trx, checkpoint, park.at);
      await clearPark(trx, name);
    } else {
      await trx
        .updateTable('projection_parks')
        .set({ parked: false, attempts: 0, next_attempt_at: new Date() })
        .where('projection', '=', name)
        .where('set_aside', '=', false)
        .execute();
    }
    await appendToStream(trx, `projection-${name}`, [{ type, data }], { expectedVersion: 'any', metadata });
    return data;
  });
};
