/** The admin routes of secrets and endpoint tests (besides the configuration routes). */
export const secretRoutes = {
  reveal: '/api/admin/reveal',
  testEndpoint: '/api/admin/testEndpoint',
  endpointTest: '/api/admin/endpointTests/:testId',
} as const;

export const endpointTestPath = (testId: string): string =>
  secretRoutes.endpointTest.replace(':testId', encodeURIComponent(testId));
