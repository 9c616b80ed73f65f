import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { secretRoutes } from '@app/contracts';
import type { Db } from '@app/platform';
import { readEndpointTest } from '../read/secret-sections';

/** GET /api/admin/endpointTests/:testId: how an endpoint test went (what the live endpointTests change points at). */
export const endpointTestsRoute =
  (db: Db): FastifyPluginAsync =>
  async (app) => {
    app.get(secretRoutes.endpointTest, { preHandler: app.requireAdmin }, async (request, reply) => {
      const { testId } = z.object({ testId: z.string().min(1).max(100) }).parse(request.params);
      const test = await readEndpointTest(db, testId);
      if (!test) return reply.code(404).send({ success: false, message: `No endpoint test '${testId}'.` });
      return { success: true, data: test };
    });
  };
