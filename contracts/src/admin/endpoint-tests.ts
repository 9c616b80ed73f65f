import { z } from 'zod';
import { boundedString, nameString } from '../bounded';
import { limits } from '../limits';
import { maxEndpointKeyLength, maxEndpointUrlLength } from './openai-endpoints';
import type { SealedSecret } from './sealed-secret';
import { eventTypesOf } from '../event-types';

/** Each endpoint test is a stream of its own: requested, then succeeded or failed (once). */
export const endpointTestStreamPrefix = 'endpointTest-';
export const endpointTestStreamId = (testId: string): string => `${endpointTestStreamPrefix}${testId}`;

/** The largest test body the dialog may send (serialised JSON). */
export const maxTestBodyBytes = 4096;

/** The length of `body` as JSON; Infinity when it cannot be serialised (nested deeper than the stack). */
const jsonLength = (body: unknown): number => {
  try {
    return JSON.stringify(body).length;
  } catch {
    return Infinity;
  }
};

/**
 * POST /api/admin/testEndpoint. `model` picks the request (embedding models, 'code-interpreter',
 * others: a chat request to the url as given); `body`, when given, replaces the default test body.
 */
export const TestEndpointRequest = z.object({
  url: boundedString('The url', maxEndpointUrlLength).trim().min(1, 'url is required'),
  /** Empty or absent for a keyless server: the test sends no key. */
  key: boundedString('The key', maxEndpointKeyLength).optional(),
  model: nameString('The model').trim().optional(),
  body: z
    .record(z.string(), z.unknown())
    .refine(
      (b) => jsonLength(b) <= maxTestBodyBytes,
      `body must be at most ${maxTestBodyBytes} bytes of JSON`,
    )
    .optional(),
});
export type TestEndpointRequest = z.infer<typeof TestEndpointRequest>;

/**
 * The answer once the workers report (or the wait runs out). `message` is shown to the admin;
 * `reason` says briefly why a test failed (a status, a refusal, a timeout), never the remote body.
 */
export const TestEndpointResponse = z.object({
  success: z.boolean(),
  message: boundedString('The message', limits.messageLength),
  reason: boundedString('The reason', limits.messageLength).optional(),
  testId: boundedString('The test id', limits.nameLength),
});
export type TestEndpointResponse = z.infer<typeof TestEndpointResponse>;

export type EndpointTestRequestedData = {
  testId: string;
  /** The url with its credentials masked; the whole url, when it carried any, is `urlSecret`. */
  url: string;
  urlSecret?: SealedSecret;
  model?: string;
  /** The model's provider as Supported Models lists it, when it does: it picks the embeddings call. */
  provider?: string;
  body?: Record<string, unknown>;
  /** None for a keyless server. */
  key?: SealedSecret;
};

export type EndpointTestEvent =
  | { type: 'EndpointTestRequested'; data: EndpointTestRequestedData }
  | { type: 'EndpointTestSucceeded'; data: { testId: string; message: string } }
  | { type: 'EndpointTestFailed'; data: { testId: string; message: string; reason: string } };

export const endpointTestEventTypes = eventTypesOf<EndpointTestEvent>({
  EndpointTestRequested: true,
  EndpointTestSucceeded: true,
  EndpointTestFailed: true,
});

export const endpointTestStatuses = ['pending', 'succeeded', 'failed'] as const;

/** The endpointTests read model, as GET /api/admin/endpointTests/:testId answers it. */
export const EndpointTestView = z.object({
  testId: boundedString('The test id', limits.nameLength),
  url: boundedString('The url', maxEndpointUrlLength),
  model: boundedString('The model', limits.nameLength).nullable(),
  status: z.enum(endpointTestStatuses),
  message: boundedString('The message', limits.messageLength).nullable(),
  reason: boundedString('The reason', limits.messageLength).nullable(),
  requestedBy: boundedString('Requested by', limits.emailLength),
  requestedAt: boundedString('Requested at', limits.timestampLength),
  finishedAt: boundedString('Finished at', limits.timestampLength).nullable(),
});
export type EndpointTestView = z.infer<typeof EndpointTestView>;
