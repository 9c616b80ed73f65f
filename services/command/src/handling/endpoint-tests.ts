import { randomUUID } from 'node:crypto';
import {
  endpointTestStreamId,
  type EndpointTestEvent,
  type EventMetadata,
  type TestEndpointRequest,
} from '@app/contracts';
import { readStream, runIdempotent, type Db, type SecretBox } from '@app/platform';
import { endpointTestDecider, type EndpointTestOutcome } from '../domain/endpoint-test';
import { handleCommand, type CommandOutcome } from './handle-command';

/**
 * Records that an admin asked for an endpoint test; the workers run it. The key is sealed here, so the
 * event (and the job made from it) carry ciphertext only. A retry with the same Idempotency-Key
 * answers the first request's test.
 */
export const requestEndpointTest = async (
  db: Db,
  secrets: SecretBox,
  input: TestEndpointRequest,
  metadata: EventMetadata,
  requestHash?: string,
): Promise<{ testId: string; position: string }> => {
  const { result } = await runIdempotent(
    db,
    {
      actor: metadata.actor.email,
      commandId: metadata.commandId,
      ...(requestHash === undefined ? {} : { requestHash }),
    },
    async (trx) => {
      const testId = randomUUID();
      const data = {
        testId,
        url: input.url.trim(),
        ...(input.model ? { model: input.model } : {}),
        ...(input.body ? { body: input.body } : {}),
        key: secrets.seal(input.key),
      };
      const outcome = await handleCommand(
        trx,
        endpointTestDecider,
        endpointTestStreamId(testId),
        {
          type: 'RequestEndpointTest',
          data,
        },
        { metadata },
      );
      return { testId, position: outcome.position };
    },
  );
  return result;
};

/** The workers' report of a test, as a command: once per job (the job id is the command id). */
export const recordEndpointTestResult = async (
  db: Db,
  testId: string,
  outcome: EndpointTestOutcome,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  const { result } = await runIdempotent(
    db,
    { actor: metadata.actor.email, commandId: metadata.commandId },
    (trx) =>
      handleCommand(
        trx,
        endpointTestDecider,
        endpointTestStreamId(testId),
        {
          type: 'RecordEndpointTestResult',
          data: { testId, outcome },
        },
        { metadata },
      ),
  );
  return result;
};

const outcomeOf = (events: readonly { type: string; data: unknown }[]): EndpointTestOutcome | null => {
  for (const e of events as readonly EndpointTestEvent[]) {
    if (e.type === 'EndpointTestSucceeded') return { success: true, message: e.data.message };
    if (e.type === 'EndpointTestFailed')
      return { success: false, message: e.data.message, reason: e.data.reason };
  }
  return null;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holds until the workers reported the test's outcome, or until `timeoutMs` passed (then null). */
export const waitForEndpointTestOutcome = async (
  db: Db,
  testId: string,
  timeoutMs: number,
): Promise<EndpointTestOutcome | null> => {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    const outcome = outcomeOf(await readStream(db, endpointTestStreamId(testId)));
    if (outcome) return outcome;
    if (Date.now() >= deadline) return null;
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
  }
};
