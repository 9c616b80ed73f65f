import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { routes, sessionCookieName } from '@app/contracts';
import {
  createLogger,
  createOutboundClient,
  createServiceApp,
  parseAllowList,
  type Lookup,
  type OutboundClient,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { websiteRoutesPlugin } from '../../src/websites/index';

/**
 * The websites' routes on an app of their own, with a guarded client that may reach 127.0.0.1 only
 * (OUTBOUND_ALLOW=127.0.0.1) and resolves the test's host names with `lookup`: nothing is ever sent
 * anywhere but 127.0.0.1.
 */
export interface WebsitesApp {
  app: FastifyInstance;
  database: TestDatabase;
  post(
    email: string | null,
    url: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const startWebsitesApp = async (lookup: Lookup): Promise<WebsitesApp> => {
  const database = await createTestDatabase();
  const outbound: OutboundClient = createOutboundClient({
    allow: parseAllowList(['127.0.0.1']),
    lookup,
    timeoutMs: 5_000,
  });
  const app = await createServiceApp({
    db: database.db,
    logger: createLogger('silent', 'test'),
    sessionSecret: randomBytes(32).toString('base64url'),
    devLogin: true,
    rateLimits: { signInPerMinute: 10_000, commandsPerMinute: 10_000 },
  });
  await app.register(websiteRoutesPlugin({ db: database.db, outbound, extract: { timeoutMs: 10_000 } }));
  await app.ready();
  const cookies = new Map<string, string>();
  const session = async (email: string) => {
    const known = cookies.get(email);
    if (known) return known;
    const res = await app.inject({ method: 'POST', url: routes.devLogin, payload: { email } });
    const cookie = res.cookies.find((c) => c.name === sessionCookieName);
    if (!cookie) throw new Error(`dev-login failed: ${res.statusCode}`);
    cookies.set(email, cookie.value);
    return cookie.value;
  };
  return {
    app,
    database,
    post: async (email, url, body, headers = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: { origin: 'http://localhost', ...headers },
        ...(email ? { cookies: { [sessionCookieName]: await session(email) } } : {}),
        payload: body as object,
      }),
    close: async () => {
      await app.close();
      await outbound.close();
      await database.drop();
    },
  };
};
