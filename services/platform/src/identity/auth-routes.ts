import type { FastifyPluginAsync } from 'fastify';
import { DevLoginRequest, routes, sessionCookieName, type MeResponse } from '@app/contracts';
import type { SessionTokens } from './session-token';
import type { AdminDirectory } from './admin-directory';

const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const };

/** /auth/me and /auth/logout for every auth mode; /auth/dev-login only in dev mode. */
export const authRoutes =
  (opts: {
    tokens: SessionTokens;
    admins: AdminDirectory;
    devLogin: boolean;
    secureCookies: boolean;
  }): FastifyPluginAsync =>
  async (app) => {
    if (opts.devLogin) {
      app.post(routes.devLogin, async (request, reply) => {
        const { email } = DevLoginRequest.parse(request.body);
        void reply.setCookie(sessionCookieName, opts.tokens.issue(email), {
          ...cookieOptions,
          secure: opts.secureCookies,
        });
        const me: MeResponse = { email, isAdmin: await opts.admins.isAdmin(email) };
        return me;
      });
    }
    app.post(routes.logout, async (_request, reply) => {
      void reply.clearCookie(sessionCookieName, cookieOptions);
      return { success: true };
    });
    app.get(routes.me, { preHandler: app.requireUser }, async (request) => {
      const me: MeResponse = { email: request.principal ?? '', isAdmin: await request.principalIsAdmin() };
      return me;
    });
  };
