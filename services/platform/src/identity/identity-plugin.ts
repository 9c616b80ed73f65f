import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { platformMessages, type Actor } from '@app/contracts';
import type { Authenticated, Authenticator } from './authenticator';
import type { AdminDirectory } from './admin-directory';
import type { Db } from '../db/database';
import { apiKeyTokenOf, authenticateApiKey } from './api-key-auth';
import { apiKeyActor, type ApiKeyCredential } from './api-key-credentials';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in email, or null. */
    principal: string | null;
    /** The session the request was authenticated by, or null. */
    sessionId: string | null;
    /** The API key the request was made with (`Authorization: Bearer amp-v1-…`), or null. */
    apiKey: ApiKeyCredential | null;
    /** Resolves (and caches) whether the principal is an admin. */
    principalIsAdmin(): Promise<boolean>;
    actor(): Promise<Actor>;
    /**
     * Whether the request's session is in force. Known as the request arrives (true) on every route
     * but a `deferredSession` one, which must await it before it records or sends anything.
     */
    sessionChecked(): Promise<boolean>;
  }
  interface FastifyContextConfig {
    /**
     * The session of a token this process found in force lately is taken as the request's principal
     * as the request arrives, and checked beside the route's own first reads (`request.sessionChecked()`,
     * awaited by the route before it records or sends anything): the session's round trip is no longer
     * ahead of them. A token not recalled is checked first, as on every route.
     */
    deferredSession?: boolean;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface IdentityOptions {
  authenticate: Authenticator;
  /** Who a request's token was when its session was last found in force here (a guess; see `deferredSession`). */
  recall?: (request: FastifyRequest) => Authenticated | null;
  admins: AdminDirectory;
  /** Where API keys are checked (table `api_keys`); without it a key is an unknown bearer token (401 on guarded routes). */
  apiKeys?: Db;
}

/** Who is calling, for every route of the service that registers it; 401 and 403 guards. */
export const identityPlugin = fp<IdentityOptions>(
  async (app, opts) => {
    if (!app.hasDecorator('parseCookie')) await app.register(cookie);
    app.decorateRequest('principal', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('apiKey', null);
    app.decorateRequest('principalIsAdmin', async function () {
      return false;
    });
    app.decorateRequest('actor', async function (): Promise<Actor> {
      return { email: 'anonymous', kind: 'user' };
    });
    app.decorateRequest('sessionChecked', async function () {
      return true;
    });
    app.addHook('onRequest', async (request, reply) => {
      const keyToken = opts.apiKeys ? apiKeyTokenOf(request) : undefined;
      if (opts.apiKeys && keyToken !== undefined) {
        // A key works only on routes that declare an access type it holds; it is never an admin.
        const outcome = await authenticateApiKey(opts.apiKeys, request, keyToken);
        if (!outcome.ok)
          return reply
            .code(outcome.status)
            .send({ success: false, message: outcome.message, error: outcome.message });
        const key = outcome.key;
        request.principal = key.principal;
        request.apiKey = key;
        request.principalIsAdmin = () => Promise.resolve(false);
        request.actor = () => Promise.resolve(apiKeyActor(key));
        return;
      }
      const recalled = request.routeOptions.config.deferredSession === true ? opts.recall?.(request) : null;
      if (recalled) {
        deferSession(request, recalled, opts.authenticate(request), opts.admins);
        return;
      }
      const who = await opts.authenticate(request);
      const email = who?.email ?? null;
      request.principal = email;
      request.sessionId = who?.sessionId ?? null;
      // Read with the session when the authenticator did; else asked once, when a route needs it.
      let cached: Promise<boolean> | undefined =
        who?.isAdmin === undefined ? undefined : Promise.resolve(who.isAdmin);
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

/**
 * A `deferredSession` request taken as `recalled` at once, its session's check (`checking`) kept as
 * `sessionChecked()`: yes only when the same session is still in force. Whether it is an admin is
 * the check's answer, never the recalled one.
 */
const deferSession = (
  request: FastifyRequest,
  recalled: Authenticated,
  checking: Promise<Authenticated | null>,
  admins: AdminDirectory,
) => {
  const checked = checking.then((who) =>
    who !== null && who.sessionId === recalled.sessionId && who.email === recalled.email ? who : null,
  );
  // Awaited by the route; a route refused before it asks must not leave a rejection unhandled.
  checked.catch(() => undefined);
  request.principal = recalled.email;
  request.sessionId = recalled.sessionId;
  request.sessionChecked = () => checked.then((who) => who !== null);
  let admin: Promise<boolean> | undefined;
  request.principalIsAdmin = () =>
    (admin ??= checked.then((who) => (who ? (who.isAdmin ?? admins.isAdmin(who.email)) : false)));
  request.actor = async () => ({
    email: recalled.email,
    kind: (await request.principalIsAdmin()) ? 'admin' : 'user',
  });
};
