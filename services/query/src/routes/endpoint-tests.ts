import { EndpointTestParams, EndpointTestResponse, secretRoutes } from '@app/contracts';
import { readEndpointTest } from '../read/secret-sections';
import { readRoute } from './read-route';

/** GET /api/admin/endpointTests/:testId: how an endpoint test went (what the live endpointTests change points at). */
export const endpointTestsRoute = readRoute({
  url: secretRoutes.endpointTest,
  who: 'admin',
  description: 'How an endpoint test went (404 when there is no such test).',
  query: null,
  params: EndpointTestParams,
  answer: EndpointTestResponse,
  notFound: true,
  handle: async ({ params }, { db }, reply) => {
    const { testId } = params;
    const test = await readEndpointTest(db, testId);
    if (!test) return reply.code(404).send({ success: false, message: `No endpoint test '${testId}'.` });
    const answer: EndpointTestResponse = { success: true, data: test };
    return answer;
  },
});
