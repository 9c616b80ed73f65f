import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ProjectionsResponse, routes } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { projectionStatus } from '../runner/projection-status';

/** GET /api/projections (admins): each projection's position, lag, and the event it fails on. */
export const projectionsRoute =
  (db: Db, projections: readonly Projection[]): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description:
        "Each projection's position in the log, how many events it is behind, and the event it is failing on (retried with backoff, then parked).",
      response: { ...errorResponses, 200: ProjectionsResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(routes.projections, { preValidation: app.requireAdmin, schema }, async () => ({
        success: true as const,
        data: await projectionStatus(db, projections),
      }));
  };
