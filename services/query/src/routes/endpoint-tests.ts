import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EndpointTestParams,
  EndpointTestResponse,
  ErrorResponse,
  errorResponses,
  secretRoutes,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { readEndpointTest } from '../read/secret-sections';

/** GET /api/admin/endpointTests/:testId: how an endpoint test went (what the live endpointTests change points at). */
export const endpointTestsRoute =
  (db: Db): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description: 'How an endpoint test went (404 when there is no such test).',
      params: EndpointTestParams,
      response: { ...errorResponses, 200: EndpointTestResponse, 404: ErrorResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(secretRoutes.endpointTest, { preValidation: app.requireAdmin, schema }, async (request, reply) => {
        const { testId } = request.params;
        const test = await readEndpointTest(db, testId);
        if (!test) return reply.code(404).send({ success: false, message: `No endpoint test '${testId}'.` });
        const answer: EndpointTestResponse = { success: true, data: test };
        return answer;
      });
  };
