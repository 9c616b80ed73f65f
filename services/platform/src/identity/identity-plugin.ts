import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { platformMessages, type Actor } from '@app/contracts';
import type { Authenticator } from './authenticator';
import type { AdminDirectory } from './admin-directory';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in email, or null. */
    principal: string | null;
    /** The session the request was authenticated by, or null. */
    sessionId: string | null;
    /** Resolves (and caches) whether the principal is an admin. */
    principalIsAdmin(): Promise<boolean>;
    actor(): Promise<Actor>;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface IdentityOptions {
  authenticate: Authenticator;
  admins: AdminDirectory;
}

/** Who is calling, for every route of the service that registers it; 401 and 403 guards. */
export const identityPlugin = fp<IdentityOptions>(
  async (app, opts) => {
    if (!app.hasDecorator('parseCookie')) await app.register(cookie);
    app.decorateRequest('principal', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('principalIsAdmin', async function () {
      return false;
    });
    app.decorateRequest('actor', async function (): Promise<Actor> {
      return { email: 'anonymous', kind: 'user' };
    });
    app.addHook('onRequest', async (request) => {
      const who = await opts.authenticate(request);
      const email = who?.email ?? null;
      request.principal = email;
      request.sessionId = who?.sessionId ?? null;
      let cached: Promise<boolean> | undefined;
      request.principalIsAdmin = () =>
        (cached ??= email ? opts.admins.isAdmin(email) : Promise.resolve(false));
      request.actor = async () => ({
        email: email ?? 'anonymous',
        kind: (await request.principalIsAdmin()) ? 'admin' : 'user',
      });
    });
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.principal)
        await reply.code(401).send({ success: false, message: platformMessages.signInRequired });
    });
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.principal) {
        await reply.code(401).send({ success: false, message: platformMessages.signInRequired });
        return;
      }
      if (!(await request.principalIsAdmin()))
        await reply.code(403).send({ success: false, message: platformMessages.adminsOnly });
    });
  },
  { name: 'identity' },
);
