import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { routes } from '@app/contracts';
import type { Db } from '../db/database';
import { readModelAdminDirectory } from '../identity/admin-directory';
import { sessionAuthenticator } from '../identity/authenticator';
import { identityPlugin } from '../identity/identity-plugin';
import { authRoutes } from '../identity/auth-routes';
import type { SessionTokens } from '../identity/session-token';
import type { Logger } from '../logging/logger';
import { installErrorHandler } from './error-handler';
import { requestIdFactory } from './request-context';

export interface ServiceAppOptions {
  db: Db;
  logger: Logger;
  tokens: SessionTokens;
  devLogin: boolean;
  secureCookies?: boolean;
  /** What /healthz checks beyond the database answering. */
  ready?: () => boolean;
}

/**
 * A Fastify instance as every service starts it: JSON logs without bodies, request ids, the error
 * answers, who is calling (401/403 guards), /auth routes and /healthz.
 */
export const createServiceApp = async (opts: ServiceAppOptions): Promise<FastifyInstance> => {
  const app: FastifyInstance = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: opts.logger,
    genReqId: requestIdFactory,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  installErrorHandler(app);
  const admins = readModelAdminDirectory(opts.db);
  await app.register(identityPlugin, { authenticate: sessionAuthenticator(opts.tokens), admins });
  await app.register(
    authRoutes({
      tokens: opts.tokens,
      admins,
      devLogin: opts.devLogin,
      secureCookies: opts.secureCookies ?? false,
    }),
  );
  app.get(routes.health, async (_request, reply) => {
    const ok =
      (opts.ready?.() ?? true) &&
      (await opts.db
        .selectFrom('events')
        .select('global_position')
        .limit(1)
        .execute()
        .then(
          () => true,
          () => false,
        ));
    return reply.code(ok ? 200 : 503).send({ ok });
  });
  return app;
};
