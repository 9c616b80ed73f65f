import type { FastifyRequest } from 'fastify';
import type { Actor, EventMetadata } from '@app/contracts';
import { commandMetadata, requestHashOf, runIdempotent, type AwaitProjected, type Db } from '@app/platform';
import { timedCommand } from './command-metrics';
import { awaitCommandProjected, type CommandAppend } from './projected-answer';

/** Who runs a request's command, what its events carry, and the key its retries are known by. */
export interface CommandCall {
  actor: Actor;
  metadata: EventMetadata;
  /**
   * The request's Idempotency-Key (else a fresh id) and the request's hash: a retry answers the
   * first result, the same key sent with another request is a 409.
   */
  key: { actor: string; commandId: string; requestHash: string };
}

/** What a route's commands run on: the database and, where this process projects, the wait for it. */
export interface CommandRouteDeps {
  db: Db;
  awaitProjected?: AwaitProjected | undefined;
}

/**
 * The metadata of events recorded on behalf of a request (who, which command, which request): a 400
 * for an Idempotency-Key or X-Correlation-Id that is too long or not printable ASCII.
 */
export const requestMetadata = (request: FastifyRequest, actor: Actor): EventMetadata =>
  commandMetadata(request, actor);

/** The caller of a request, its events' metadata and its idempotency key. */
export const commandCallOf = async (request: FastifyRequest): Promise<CommandCall> => {
  const actor = await request.actor();
  const metadata = requestMetadata(request, actor);
  return {
    actor,
    metadata,
    key: { actor: actor.email, commandId: metadata.commandId, requestHash: requestHashOf(request) },
  };
};

/** A run's append, or nothing to wait for when it was a retry's (the first result; nothing appended). */
export const unlessReplayed = (run: {
  result: CommandAppend;
  replayed: boolean;
}): CommandAppend | undefined => (run.replayed ? undefined : run.result);

/** Read your writes: where this process projects, waits for `append` and says so in `x-projected`. */
const settle = async (
  request: FastifyRequest,
  deps: CommandRouteDeps,
  append: CommandAppend | undefined,
): Promise<void> => {
  const { db, awaitProjected } = deps;
  if (append !== undefined && awaitProjected)
    await awaitCommandProjected(request, { db, awaitProjected }, append);
};

/**
 * The one way a route runs a command: as the caller, once per Idempotency-Key (`work`'s events and
 * its result commit together in one transaction; a retry answers the first result as `replayed`,
 * appending nothing), counted and timed as `type` (`commands_total`, `command_duration_seconds`).
 * With `awaits`, the answer comes once that append is in the read models (`x-projected`), a replay's
 * at once.
 */
export const runCommand = async <R>(
  request: FastifyRequest,
  deps: CommandRouteDeps,
  type: string,
  work: (trx: Db, call: CommandCall) => Promise<R>,
  awaits?: (result: R) => CommandAppend,
): Promise<{ result: R; replayed: boolean; call: CommandCall }> => {
  const call = await commandCallOf(request);
  const { result, replayed } = await timedCommand(type, () =>
    runIdempotent<R>(deps.db, call.key, (trx) => work(trx, call)),
  );
  if (!replayed && awaits) await settle(request, deps, awaits(result));
  return { result, replayed, call };
};

/**
 * A route's command whose `work` keeps its own idempotency (a command function given `call.metadata`
 * and `call.key.requestHash`) or is not stored for replay: as the caller, counted and timed as
 * `type`. With `awaits` (undefined: nothing to wait for), answered once that append is projected.
 */
export const runCommandAs = async <R>(
  request: FastifyRequest,
  deps: CommandRouteDeps,
  type: string,
  work: (call: CommandCall) => Promise<R>,
  awaits?: (result: R) => CommandAppend | undefined,
): Promise<R> => {
  const call = await commandCallOf(request);
  const result = await timedCommand(type, () => work(call));
  if (awaits) await settle(request, deps, awaits(result));
  return result;
};
