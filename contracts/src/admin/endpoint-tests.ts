import { z } from 'zod';
import { maxEndpointKeyLength, maxEndpointUrlLength } from './openai-endpoints';
import type { SealedSecret } from './sealed-secret';

/** Each endpoint test is a stream of its own: requested, then succeeded or failed (once). */
export const endpointTestStreamPrefix = 'endpointTest-';
export const endpointTestStreamId = (testId: string): string => `${endpointTestStreamPrefix}${testId}`;

/** The largest test body the dialog may send (serialised JSON). */
export const maxTestBodyBytes = 4096;

/**
 * POST /api/admin/testEndpoint. `model` picks the request (embedding models, 'code-interpreter',
 * others: a chat request to the url as given); `body`, when given, replaces the default test body.
 */
export const TestEndpointRequest = z.object({
  url: z.string().trim().min(1, 'url is required').max(maxEndpointUrlLength),
  key: z.string().min(1, 'key is required').max(maxEndpointKeyLength),
  model: z.string().trim().max(200).optional(),
  body: z
    .record(z.string(), z.unknown())
    .refine(
      (b) => JSON.stringify(b).length <= maxTestBodyBytes,
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
  message: z.string(),
  reason: z.string().optional(),
  testId: z.string(),
});
export type TestEndpointResponse = z.infer<typeof TestEndpointResponse>;

export type EndpointTestRequestedData = {
  testId: string;
  url: string;
  model?: string;
  body?: Record<string, unknown>;
  key: SealedSecret;
};

export type EndpointTestEvent =
  | { type: 'EndpointTestRequested'; data: EndpointTestRequestedData }
  | { type: 'EndpointTestSucceeded'; data: { testId: string; message: string } }
  | { type: 'EndpointTestFailed'; data: { testId: string; message: string; reason: string } };

export const endpointTestEventTypes = [
  'EndpointTestRequested',
  'EndpointTestSucceeded',
  'EndpointTestFailed',
] as const satisfies readonly EndpointTestEvent['type'][];

export const endpointTestStatuses = ['pending', 'succeeded', 'failed'] as const;

/** The endpointTests read model, as GET /api/admin/endpointTests/:testId answers it. */
export const EndpointTestView = z.object({
  testId: z.string(),
  url: z.string(),
  model: z.string().nullable(),
  status: z.enum(endpointTestStatuses),
  message: z.string().nullable(),
  reason: z.string().nullable(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type EndpointTestView = z.infer<typeof EndpointTestView>;
