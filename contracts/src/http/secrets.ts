import { z } from 'zod';
import { EndpointTestView } from '../admin/endpoint-tests';
import { successData } from '../success';

/** The admin routes of secrets and endpoint tests (besides the configuration routes). */
export const secretRoutes = {
  reveal: '/api/admin/reveal',
  testEndpoint: '/api/admin/testEndpoint',
  endpointTest: '/api/admin/endpointTests/:testId',
} as const;

export const endpointTestPath = (testId: string): string =>
  secretRoutes.endpointTest.replace(':testId', encodeURIComponent(testId));

/** GET /api/admin/endpointTests/:testId */
export const EndpointTestParams = z.object({ testId: z.string().min(1).max(100) });
export const EndpointTestResponse = successData(EndpointTestView);
export type EndpointTestResponse = z.infer<typeof EndpointTestResponse>;
