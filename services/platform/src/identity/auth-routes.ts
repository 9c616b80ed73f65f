import type { FastifyPluginAsync } from 'fastify';
import {
  DevLoginRequest,
  EndUserSessionsRequest,
  identityMessages,
  routes,
  type AuthProvidersResponse,
  type MeResponse,
} from '@app/contracts';
import type { Sessions } from './sessions';

/**
 * /auth/me, /auth/logout and /auth/providers for every auth mode; /auth/dev-login only in dev mode;
 * POST /api/admin/sessions/end for admins.
 */
export const authRoutes =
  (opts: { sessions: Sessions; devLogin: boolean; oidcName: string | null }): FastifyPluginAsync =>
  async (app) => {
    const { sessions } = opts;
    if (opts.devLogin) {
      app.post(routes.devLogin, async (request, reply) => {
        const { email } = DevLoginRequest.parse(request.body);
        return sessions.signIn(request, reply, email, 'dev');
      });
    }
    app.get(routes.authProviders, async () => {
      const answer: AuthProvidersResponse = {
        dev: opts.devLogin,
        oidc: opts.oidcName ? { name: opts.oidcName } : null,
      };
      return answer;
    });
    app.post(routes.logout, async (request, reply) => {
      await sessions.signOut(request, reply);
      return { success: true };
    });
    app.get(routes.me, { preHandler: app.requireUser }, async (request) => {
      const me: MeResponse = { email: request.principal ?? '', isAdmin: await request.principalIsAdmin() };
      return me;
    });
    app.post(routes.endUserSessions, { preHandler: app.requireAdmin }, async (request) => {
      const { email } = EndUserSessionsRequest.parse(request.body);
      const ended = await sessions.revokeAllFor(request, email);
      return { success: true, ended, message: identityMessages.sessionsEnded(email, ended) };
    });
  };
