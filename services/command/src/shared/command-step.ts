import type { FastifyRequest } from 'fastify';
import type { EventMetadata } from '@app/contracts';
import { ConcurrencyError, inTransaction, type Db, type NewEvent } from '@app/platform';
import type { Decider } from './decider';
import { handleCommand, type CommandOutcome } from './handle-command';
import { timedCommand } from './command-metrics';
import { runCommand, type CommandRouteDeps } from './command-route';

/** A command's outcome and the blob key it chose (kept with the result, so a retry signs the same key). */
export interface StepOutcome extends CommandOutcome {
  key?: string;
}

export interface CommandStep<S, C, E extends NewEvent> {
  /** The command's name in the metrics. */
  name: string;
  decider: Decider<S, C, E>;
  streamId: string;
  command: C;
  key?: string;
}

/**
 * Runs one command of a request once per command id (an Idempotency-Key retry answers the first
 * result, key included, and appends nothing): its events and result commit together. Where `deps`
 * can wait for the projections, the answer comes once the read models show it.
 */
export const runRequestCommand = async <S, C, E extends NewEvent>(
  deps: CommandRouteDeps,
  request: FastifyRequest,
  step: CommandStep<S, C, E>,
): Promise<{ result: StepOutcome; replayed: boolean }> =>
  runCommand<StepOutcome>(
    request,
    deps,
    step.name,
    async (trx, { metadata }) => {
      const outcome = await handleCommand(trx, step.decider, step.streamId, step.command, { metadata });
      return step.key === undefined ? outcome : { ...outcome, key: step.key };
    },
    (outcome) => outcome,
  );

/**
 * Records what the platform saw (an upload's bytes arrived) on behalf of a request that looked: a
 * writer that got there first wins and this records nothing (the caller reads the stream again).
 */
export const recordObserved = async <S, C, E extends NewEvent>(
  db: Db,
  step: Omit<CommandStep<S, C, E>, 'key'>,
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
