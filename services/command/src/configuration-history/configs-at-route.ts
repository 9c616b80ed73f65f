import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AtParameter, ConfigsResponse, errorResponses, routes } from '@app/contracts';
import type { Db } from '@app/platform';
import { z } from 'zod';
import { configsAtFrom } from './configs-at';

/**
 * GET /amplifymin/configs?at= served by the command service itself, where the query service runs
 * apart (the split deployment routes the requests with `at` here): the configuration at a moment,
 * folded with the command service's deciders. Where both run in one process, the query service's
 * route answers it with the same function.
 */
export const configsAtRoutePlugin =
  (opts: { db: Db }): FastifyPluginAsync =>
  async (app) => {
    const at = configsAtFrom(opts.db);
    app.withTypeProvider<ZodTypeProvider>().get(
      routes.configs,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            'Every section of the configuration as it was at `at` (an ISO time or a log position), folded from the log, read only.',
          querystring: z.object({ at: AtParameter }),
          response: { ...errorResponses, 200: ConfigsResponse },
        },
      },
      async (request) => at(request.query.at),
    );
  };
