import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { recordEndpointTestResult, type EndpointTestOutcome } from '@app/command';
import {
  adminMessages,
  displayUrl,
  platformMessages,
  SealedSecret,
  type RecordedEvent,
} from '@app/contracts';
import { OutboundError, SecretUnavailableError, type Keyring, type OutboundClient } from '@app/platform';
import { answerProblem, calledUrlShown, endpointTestCall, endpointTestHeaders } from './endpoint-test-call';
import type { JobProcessor, JobRequest } from './types';

export const endpointTestJob = 'endpoint-test';

/** The job's input: the EndpointTestRequested event's data (the key, and a url with credentials, sealed). */
const EndpointTestJobData = z.object({
  testId: z.string(),
  /** The url with its credentials masked; `urlSecret` is the whole url when it carried any. */
  url: z.string(),
  urlSecret: SealedSecret.optional(),
  model: z.string().optional(),
  provider: z.string().optional(),
  body: z.record(z.string(), z.unknown()).optional(),
  /** None for a keyless server: the test sends no key header. */
  key: SealedSecret.optional(),
});
type EndpointTestJobData = z.infer<typeof EndpointTestJobData>;

export const endpointTestRoute = (event: RecordedEvent): JobRequest => ({
  name: endpointTestJob,
  data: event.data,
});

/** A failed test: the message names `shown` (the url called, or the url entered when none was), the reason its status or error. */
const failed = (shown: string, reason: string): EndpointTestOutcome => ({
  success: false,
  message: adminMessages.endpointTestFailed(shown),
  reason,
});

/** The key and the whole url in clear, or why they cannot be opened. */
const openSecrets = async (
  input: EndpointTestJobData,
  keys: Keyring,
): Promise<{ key: string; url: string } | { problem: string }> => {
  try {
    const key = input.key ? await keys.open(input.key) : '';
    const url = input.urlSecret ? await keys.open(input.urlSecret) : input.url;
    return { key, url };
  } catch (e) {
    if (!(e instanceof SecretUnavailableError)) throw e;
    return {
      problem:
        e.reason === 'shredded'
          ? 'the key was deleted (its data key was destroyed)'
          : 'the key could not be decrypted (was APP_MASTER_KEY changed?)',
    };
  }
};

/**
 * Calls the endpoint through the guarded client with the request its model needs, to the whole url
 * (credentials in its query included). Every way it can fail is an outcome (a status, a refusal, a
 * timeout) whose message names the url called (credentials left out), never the remote body, the
 * key or the url's credentials.
 */
export const testEndpoint = async (
  input: EndpointTestJobData,
  keys: Keyring,
  outbound: OutboundClient,
  signal?: AbortSignal,
): Promise<EndpointTestOutcome> => {
  const opened = await openSecrets(input, keys);
  if ('problem' in opened) return failed(displayUrl(input.url), opened.problem);
  const { key } = opened;
  const call = endpointTestCall({ ...input, url: opened.url });
  const shown = calledUrlShown(call.url);
  try {
    const answer = await outbound.request(call.url, {
      method: 'POST',
      headers: endpointTestHeaders(key),
      body: JSON.stringify(call.body),
      ...(signal ? { signal } : {}),
    });
    const problem = answerProblem(call.kind, answer.status, answer.body);
    return problem ? failed(shown, problem) : { success: true, message: platformMessages.endpointTestPassed };
  } catch (e) {
    if (e instanceof OutboundError) return failed(shown, e.message);
    throw e;
  }
};

/** The `endpoint-test` job: runs the test and records its outcome through the command side. */
export const runEndpointTest: JobProcessor = async (data, ctx) => {
  if (!ctx.secrets || !ctx.outbound) {
    throw new UnrecoverableError(
      'endpoint tests need the workers to be started with the master key and the outbound client',
    );
  }
  const input = EndpointTestJobData.parse(data);
  const outcome = await testEndpoint(input, ctx.secrets.keyring(ctx.db), ctx.outbound, ctx.signal);
  await recordEndpointTestResult(ctx.db, input.testId, outcome, ctx.metadata);
  ctx.logger.info(
    {
      testId: input.testId,
      success: outcome.success,
      ...(outcome.success ? {} : { reason: outcome.reason }),
    },
    'endpoint test finished',
  );
  return { testId: input.testId, success: outcome.success };
};
