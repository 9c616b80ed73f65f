import { randomUUID } from 'node:crypto';
import {
  endpointTestStreamId,
  maskUrlCredentials,
  ownValue,
  supportedModelsStreamId,
  parseEndpointUrl,
  platformMessages,
  type EndpointTestEvent,
  type EndpointTestRequestedData,
  type EventMetadata,
  type SealedSecret,
  type TestEndpointRequest,
  displayUrl,
} from '@app/contracts';
import {
  destroyDataKeys,
  DomainError,
  emptyAllowList,
  type AllowList,
  readStream,
  runIdempotent,
  type Db,
  type Keyring,
  type SecretBox,
} from '@app/platform';
import { endpointTestDecider, type EndpointTestOutcome } from './endpoint-test';
import { supportedModelsDecider } from './supported-models';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { keylessEndpointAllowed } from './keyless-endpoints';
import { loadState } from '../shared/stream-state';

/** The model's provider as Supported Models lists it now, when it lists the model. */
const providerOf = async (db: Db, model: string | undefined): Promise<string | undefined> => {
  if (!model) return undefined;
  const { state } = await loadState(db, supportedModelsDecider, supportedModelsStreamId);
  return ownValue(state, model)?.provider;
};

/**
 * The test's data with the key sealed (none for a keyless server), the model's provider (it picks
 * the embeddings call), and the url masked with the whole url sealed when it carries credentials
 * (`?api-key=...`); a url the platform may not call (not http(s), a user name or password before the
 * host) is refused before anything is sealed.
 */
const sealedTestData = async (
  testId: string,
  input: TestEndpointRequest,
  keys: Keyring,
  provider: string | undefined,
  allow: AllowList,
): Promise<EndpointTestRequestedData> => {
  const url = input.url.trim();
  if (parseEndpointUrl(url) === null) throw new DomainError(platformMessages.endpointTestInvalidUrl);
  if (!input.key && !keylessEndpointAllowed(url, allow))
    throw new DomainError(platformMessages.endpointKeyRequired(input.model ?? 'its model', displayUrl(url)));
  const masked = maskUrlCredentials(url);
  return {
    testId,
    url: masked,
    ...(masked === url ? {} : { urlSecret: await keys.seal(url) }),
    ...(input.model ? { model: input.model } : {}),
    ...(provider === undefined ? {} : { provider }),
    ...(input.body ? { body: input.body } : {}),
    ...(input.key ? { key: await keys.seal(input.key) } : {}),
  };
};

/**
 * Records that an admin asked for an endpoint test; the workers run it. The key (and a url with
 * credentials) is sealed here, so the event (and the job made from it) carry ciphertext only; its
 * data keys are destroyed once the outcome is recorded. A test without a key is refused, nothing
 * called, where a save would refuse the endpoint without one (outside `outboundAllow`'s loopback and
 * private addresses). A retry with the same Idempotency-Key answers the first request's test.
 */
export const requestEndpointTest = async (
  db: Db,
  secrets: SecretBox,
  input: TestEndpointRequest,
  metadata: EventMetadata,
  opts: { requestHash?: string; outboundAllow?: AllowList } = {},
): Promise<{ testId: string; position: string }> => {
  const { requestHash } = opts;
  const { result } = await runIdempotent(
    db,
    {
      actor: metadata.actor.email,
      commandId: metadata.commandId,
      ...(requestHash === undefined ? {} : { requestHash }),
    },
    async (trx) => {
      const testId = randomUUID();
      const provider = await providerOf(trx, input.model);
      const allow = opts.outboundAllow ?? emptyAllowList;
      const data = await sealedTestData(testId, input, secrets.keyring(trx), provider, allow);
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

/** The sealed values a test's request carries (its key, its url with credentials). */
const requestSecrets = (events: readonly { type: string; data: unknown }[]): SealedSecret[] =>
  (events as readonly EndpointTestEvent[]).flatMap((e) =>
    e.type === 'EndpointTestRequested'
      ? [...(e.data.key ? [e.data.key] : []), ...(e.data.urlSecret ? [e.data.urlSecret] : [])]
      : [],
  );

/**
 * The workers' report of a test, as a command: once per job (the job id is the command id). With the
 * outcome recorded the test's key is no longer needed: its data keys are destroyed in the same
 * transaction (shredded: the ciphertext in the log and the job row can no longer be read).
 */
export const recordEndpointTestResult = async (
  db: Db,
  testId: string,
  outcome: EndpointTestOutcome,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  const { result } = await runIdempotent(
    db,
    { actor: metadata.actor.email, commandId: metadata.commandId },
    async (trx) => {
      const recorded = await handleCommand(
        trx,
        endpointTestDecider,
        endpointTestStreamId(testId),
        {
          type: 'RecordEndpointTestResult',
          data: { testId, outcome },
        },
        { metadata },
      );
      if (recorded.eventCount > 0)
        await destroyDataKeys(trx, requestSecrets(await readStream(trx, endpointTestStreamId(testId))));
      return recorded;
    },
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

/** What waiting for a test's outcome came to. */
export type EndpointTestWait = EndpointTestOutcome | 'timed-out' | 'queue-unavailable';

export interface EndpointTestWaitOptions {
  timeoutMs: number;
  /** Whether the job queue is down now: the wait ends at once, the test runs when the queue is back. */
  queueDown?: () => Promise<boolean>;
  /** How often to ask `queueDown` while waiting (default 1 s). */
  queueCheckEveryMs?: number;
}

/**
 * Holds until the workers reported the test's outcome; 'queue-unavailable' as soon as the job queue
 * is down (asked first, then every `queueCheckEveryMs`), 'timed-out' once `timeoutMs` passed.
 */
export const waitForEndpointTestOutcome = async (
  db: Db,
  testId: string,
  opts: EndpointTestWaitOptions,
): Promise<EndpointTestWait> => {
  const deadline = Date.now() + opts.timeoutMs;
  const checkEvery = opts.queueCheckEveryMs ?? 1000;
  let nextQueueCheck = Date.now();
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    const outcome = outcomeOf(await readStream(db, endpointTestStreamId(testId)));
    if (outcome) return outcome;
    if (opts.queueDown && Date.now() >= nextQueueCheck) {
      if (await opts.queueDown()) return 'queue-unavailable';
      nextQueueCheck = Date.now() + checkEvery;
    }
    if (Date.now() >= deadline) return 'timed-out';
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
  }
};
