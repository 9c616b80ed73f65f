import type { FastifyRequest } from 'fastify';
import type { EventMetadata } from '@app/contracts';
import {
  ConcurrencyError,
  commandMetadata,
  inTransaction,
  requestHashOf,
  runIdempotent,
  type Db,
  type NewEvent,
} from '@app/platform';
import type { Decider } from '../shared/decider';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { timedCommand } from '../shared/command-metrics';

/** A command's outcome and the blob key it chose (kept with the result, so a retry signs the same key). */
export interface FeatureDataOutcome extends CommandOutcome {
  key?: string;
}

export interface FeatureDataStep<S, C, E extends NewEvent> {
  /** The command's name in the metrics. */
  name: string;
  decider: Decider<S, C, E>;
  streamId: string;
  command: C;
  key?: string;
}

/**
 * Runs one command of a request once per command id (an Idempotency-Key retry answers the first
 * result, key included, and appends nothing): its events and result commit together.
 */
export const runRequestCommand = async <S, C, E extends NewEvent>(
  db: Db,
  request: FastifyRequest,
  step: FeatureDataStep<S, C, E>,
): Promise<{ result: FeatureDataOutcome; replayed: boolean }> => {
  const actor = await request.actor();
  const metadata = commandMetadata(request, actor);
  const idempotency = {
    actor: actor.email,
    commandId: metadata.commandId,
    requestHash: requestHashOf(request),
  };
  return timedCommand(step.name, () =>
    runIdempotent<FeatureDataOutcome>(db, idempotency, async (trx) => {
      const outcome = await handleCommand(trx, step.decider, step.streamId, step.command, { metadata });
      return step.key === undefined ? outcome : { ...outcome, key: step.key };
    }),
  );
};

/**
 * Records what the platform saw (an upload's bytes arrived) on behalf of a request that looked: a
 * writer that got there first wins and this records nothing (the caller reads the stream again).
 */
export const recordObserved = async <S, C, E extends NewEvent>(
  db: Db,
  step: Omit<FeatureDataStep<S, C, E>, 'key'>,
  metadata: EventMetadata,
): Promise<void> => {
  try {
    await timedCommand(step.name, () =>
      inTransaction(db, (trx) => handleCommand(trx, step.decider, step.streamId, step.command, { metadata })),
    );
  } catch (e) {
    if (!(e instanceof ConcurrencyError)) throw e;
  }
};
