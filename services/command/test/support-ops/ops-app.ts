import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { routes, sessionCookieName } from '@app/contracts';
import {
  createLogger,
  createOutboundClient,
  createServiceApp,
  eventColumns,
  parseAllowList,
  toRecordedEvent,
  type Lookup,
  type OutboundClient,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { seedAdmins } from '../../src/index';
import { opsRoutesPlugin } from '../../src/ops/index';

export const opsAdmin = 'admin@example.com';

export interface OpsApp {
  app: FastifyInstance;
  database: TestDatabase;
  call(
    email: string | null,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Every event of the ops streams, in order. */
  opEvents(): Promise<{ streamId: string; type: string; data: unknown }[]>;
  close(): Promise<void>;
}

/**
 * The ops' routes on an app of their own; the guarded client of users' addresses may reach
 * 127.0.0.1 only (other loopback addresses, like private ones, are refused).
 */
export const startOpsApp = async (opts: { lookup?: Lookup } = {}): Promise<OpsApp> => {
  const database = await createTestDatabase();
  const { db } = database;
  const userUrls: OutboundClient = createOutboundClient({
    allow: parseAllowList(['127.0.0.1']),
    timeoutMs: 5_000,
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
  });
  await seedAdmins(db, [opsAdmin]);
  await db
    .insertInto('rm_admins')
    .values({ email: opsAdmin, added_by: 'test', added_at: new Date() })
    .execute();
  const app = await createServiceApp({
    db,
    logger: createLogger('silent', 'test'),
    sessionSecret: randomBytes(32).toString('base64url'),
    devLogin: true,
    rateLimits: { signInPerMinute: 10_000, commandsPerMinute: 10_000 },
  });
  await app.register(opsRoutesPlugin({ db, awaitProjected: () => Promise.resolve(false), userUrls }));
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
    call: async (email, method, url, body) =>
      app.inject({
        method,
        url,
        headers: { origin: 'http://localhost' },
        ...(email ? { cookies: { [sessionCookieName]: await session(email) } } : {}),
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    opEvents: async () =>
      (
        await db
          .selectFrom('events')
          .select(eventColumns)
          .where((eb) => eb.or([eb('stream_id', 'like', 'ops-%'), eb('stream_id', 'like', 'userOps-%')]))
          .orderBy('global_position')
          .execute()
      )
        .map(toRecordedEvent)
        .map((e) => ({ streamId: e.streamId, type: e.type, data: e.data })),
    close: async () => {
      await app.close();
      await userUrls.close();
      await database.drop();
    },
  };
};
