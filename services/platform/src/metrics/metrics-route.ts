import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityMessages, routes } from '@app/contracts';
import type { Logger } from '../logging/logger';
import { metricsContentType, renderMetrics } from './collectors';

export interface MetricsAccess {
  /** METRICS_TOKEN: a scraper sends `Authorization: Bearer <token>`; unset, only admins may read. */
  token?: string;
  logger?: Logger;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** `Bearer <token>` compared in constant time (both sides hashed to one length first). */
const bearerMatches = (header: string, token: string): boolean =>
  timingSafeEqual(digest(header), digest(`Bearer ${token}`));

/**
 * GET /metrics in Prometheus' text format. Never public: a scraper with `Authorization: Bearer
 * <METRICS_TOKEN>` (when set), or a signed-in admin. Any other Authorization header is refused (401)
 * rather than ignored, so a scraper with a wrong token is told.
 */
export const metricsRoute =
  (opts: MetricsAccess): FastifyPluginAsync =>
  async (app) => {
    const allowed = async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      if (opts.token && header !== undefined) {
        if (bearerMatches(header, opts.token)) return;
        await reply.code(401).send({ success: false, message: identityMessages.metricsTokenRefused });
        return;
      }
      await app.requireAdmin(request, reply);
    };
    app.withTypeProvider<ZodTypeProvider>().get(
      routes.metrics,
      {
        preValidation: allowed,
        schema: {
          description:
            'Prometheus text format: commands and their latency by type and outcome, append latency, ' +
            'projection positions, lag and parked events, queue depths, open /live sockets, process metrics. ' +
            'Admins, or `Authorization: Bearer <METRICS_TOKEN>`.',
          response: {
            200: {
              description: 'The metrics of this process.',
              content: { 'text/plain': { schema: z.string() } },
            },
          },
        },
      },
      async (_request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .type(metricsContentType)
          .send(await renderMetrics(opts.logger)),
    );
  };
