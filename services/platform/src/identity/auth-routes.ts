import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthProvidersResponse,
  DevLoginRequest,
  EndUserSessionsRequest,
  EndUserSessionsResponse,
  errorResponses,
  identityMessages,
  LogoutResponse,
  MeResponse,
  routes,
} from '@app/contracts';
import type { Sessions } from './sessions';

/**
 * /auth/me, /auth/logout and /auth/providers for every auth mode; /auth/dev-login only in dev mode;
 * POST /api/admin/sessions/end for admins.
 */
export const authRoutes =
  (opts: { sessions: Sessions; devLogin: boolean; oidcName: string | null }): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const { sessions } = opts;
    if (opts.devLogin) {
      const devLogin = {
        description: 'Development sign-in (AUTH_MODE=dev, loopback only): a session for any email.',
        body: DevLoginRequest,
        response: { ...errorResponses, 200: MeResponse },
      };
      app.post(routes.devLogin, { schema: devLogin }, async (request, reply) => {
        const { email } = request.body;
        return sessions.signIn(request, reply, email, 'dev');
      });
    }
    const providers = {
      description: 'Which sign-in methods this deployment offers.',
      response: { 200: AuthProvidersResponse },
    };
    app.get(routes.authProviders, { schema: providers }, async () => {
      const answer: AuthProvidersResponse = {
        dev: opts.devLogin,
        oidc: opts.oidcName ? { name: opts.oidcName } : null,
      };
      return answer;
    });
    const logout = { description: "Ends the caller's session.", response: { 200: LogoutResponse } };
    app.post(routes.logout, { schema: logout }, async (request, reply) => {
      await sessions.signOut(request, reply);
      const answer: LogoutResponse = { success: true };
      return answer;
    });
    const me = { description: 'Who is signed in.', response: { ...errorResponses, 200: MeResponse } };
    app.get(routes.me, { preValidation: app.requireUser, schema: me }, async (request) => {
      const me: MeResponse = { email: request.principal ?? '', isAdmin: await request.principalIsAdmin() };
      return me;
    });
    const endSessions = {
      description: 'Ends every session of one user (admins).',
      body: EndUserSessionsRequest,
      response: { ...errorResponses, 200: EndUserSessionsResponse },
    };
    app.post(
      routes.endUserSessions,
      { preValidation: app.requireAdmin, schema: endSessions },
      async (request) => {
        const { email } = request.body;
        const ended = await sessions.revokeAllFor(request, email);
        const answer: EndUserSessionsResponse = {
          success: true,
          ended,
          message: identityMessages.sessionsEnded(email, ended),
        };
        return answer;
      },
    );
  };
