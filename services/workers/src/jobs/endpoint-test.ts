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
import { OutboundError, type OutboundClient, type SecretBox } from '@app/platform';
import { answerProblem, endpointTestCall, endpointTestHeaders } from './endpoint-test-call';
import type { JobProcessor, JobRequest } from './types';

export const endpointTestJob = 'endpoint-test';

/** The job's input: the EndpointTestRequested event's data (the key sealed). */
const EndpointTestJobData = z.object({
  testId: z.string(),
  url: z.string(),
  model: z.string().optional(),
  body: z.record(z.string(), z.unknown()).optional(),
  key: SealedSecret,
});
type EndpointTestJobData = z.infer<typeof EndpointTestJobData>;

export const endpointTestRoute = (event: RecordedEvent): JobRequest => ({
  name: endpointTestJob,
  data: event.data,
});

const failed = (input: EndpointTestJobData, reason: string): EndpointTestOutcome => ({
  success: false,
  message: adminMessages.endpointTestFailed(displayUrl(input.url)),
  reason,
});

/**
 * Calls the endpoint through the guarded client with the request its model needs. Every way it can
 * fail is an outcome (a status, a refusal, a timeout), never the remote body or the key.
 */
export const testEndpoint = async (
  input: EndpointTestJobData,
  secrets: SecretBox,
  outbound: OutboundClient,
  signal?: AbortSignal,
): Promise<EndpointTestOutcome> => {
  let key: string;
  try {
    key = secrets.open(input.key);
  } catch {
    return failed(input, 'the key could not be decrypted (was APP_MASTER_KEY changed?)');
  }
  const call = endpointTestCall(input);
  try {
    const answer = await outbound.request(call.url, {
      method: 'POST',
      headers: endpointTestHeaders(key),
      body: JSON.stringify(call.body),
      ...(signal ? { signal } : {}),
    });
    const problem = answerProblem(call.kind, answer.status, answer.body);
    return problem ? failed(input, problem) : { success: true, message: platformMessages.endpointTestPassed };
  } catch (e) {
    if (e instanceof OutboundError) return failed(input, e.message);
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
  const outcome = await testEndpoint(input, ctx.secrets, ctx.outbound, ctx.signal);
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
