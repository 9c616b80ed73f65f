import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { routes, sessionCookieName, type ApiKeyCreateInput, type ApiKeySecretResponse } from '@app/contracts';
import {
  createOutboundClient,
  createSecretBox,
  createServiceApp,
  loggerOptions,
  loopbackAllowEntries,
  newMasterKey,
  parseAllowList,
  parseMasterKey,
  type OutboundClient,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { apiKeyRoutes } from '@app/contracts';
import { commandService, createSpendGuard, seedAdmins } from '../../src/index';
import { fakeStopBus, fakeStreamStore } from '../support-chat/fake-ports';
import { sharedStreams, testInstances } from '../support-chat/chat-instances';

export const admin = 'admin@example.com';

/** Who calls: a signed-in user (session cookie), an API key secret, or nobody. */
export type Caller = { email: string } | { key: string } | null;

export interface ApiKeysPlatform {
  /** The first instance; closing it closes them all (TEST_INSTANCES: two, calls taking turns). */
  app: FastifyInstance;
  database: TestDatabase;
  /** Every log line the services wrote (JSON text, after redaction), from the start. */
  logLines: string[];
  call(
    caller: Caller,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  configure(configurations: { type: string; data: unknown }[]): Promise<void>;
  /** POST /apiKeys/keys/create as `email`; throws unless 200. */
  createKey(email: string, body: ApiKeyCreateInput): Promise<ApiKeySecretResponse>;
  close(): Promise<void>;
}

/**
 * The command service with API keys and the chat relay (the real spend guard, the real outbound
 * client allowing loopback for the test model server) on a database of its own, logging into
 * `logLines` through the platform's own logger options (its redaction included).
 */
export const startApiKeysPlatform = async (): Promise<ApiKeysPlatform> => {
  const database = await createTestDatabase();
  const { db } = database;
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino(loggerOptions('trace', 'test'), sink);
  const outbound: OutboundClient = createOutboundClient({ allow: parseAllowList(loopbackAllowEntries) });
  await seedAdmins(db, [admin]);
  await db.insertInto('rm_admins').values({ email: admin, added_by: 'test', added_at: new Date() }).execute();
  const secrets = createSecretBox(parseMasterKey(newMasterKey()));
  // Cluster workers share the session secret: a session signed in on one is valid on every other.
  const sessionSecret = randomBytes(32).toString('base64url');
  // Two instances (TEST_INSTANCES): each with a spend guard of its own, the streams and stops shared.
  const shared = testInstances() > 1 ? sharedStreams(database) : undefined;
  const startApp = async (onClose?: () => Promise<void>) => {
    const ports = shared?.instance();
    const app = await createServiceApp({
      db,
      logger,
      sessionSecret,
      devLogin: true,
      rateLimits: { signInPerMinute: 10_000, commandsPerMinute: 10_000 },
    });
    await app.register(
      commandService({
        db,
        secrets,
        chat: {
          outbound,
          streams: ports?.store ?? fakeStreamStore(),
          stopBus: ports?.stopBus ?? fakeStopBus(),
          spend: createSpendGuard(),
        },
      }),
    );
    if (onClose) app.addHook('onClose', onClose);
    await app.ready();
    return app;
  };
  // Closing the first closes the second, then the streams they share.
  const others = shared ? [await startApp()] : [];
  const app = await startApp(async () => {
    await Promise.all(others.map((other) => other.close()));
    await shared?.close();
  });
  const apps = [app, ...others];
  // Calls take turns over the instances.
  let next = 0;
  const on = () => apps[next++ % apps.length] ?? app;

  const cookies = new Map<string, string>();
  const signIn = async (email: string): Promise<string> => {
    const res = await on().inject({ method: 'POST', url: routes.devLogin, payload: { email } });
    const cookie = res.cookies.find((c) => c.name === sessionCookieName);
    if (!cookie) throw new Error(`dev-login failed: ${res.statusCode} ${res.body}`);
    cookies.set(email, cookie.value);
    return cookie.value;
  };
  const call: ApiKeysPlatform['call'] = async (caller, method, url, body, headers = {}) => {
    const session =
      caller && 'email' in caller ? (cookies.get(caller.email) ?? (await signIn(caller.email))) : undefined;
    return on().inject({
      method,
      url,
      ...(session ? { cookies: { [sessionCookieName]: session } } : {}),
      headers: {
        ...(session ? { origin: 'http://localhost' } : {}),
        ...(caller && 'key' in caller ? { authorization: `Bearer ${caller.key}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };
  return {
    app,
    database,
    logLines,
    call,
    configure: async (configurations) => {
      const res = await call({ email: admin }, 'POST', routes.configsUpdate, { configurations });
      if (res.statusCode !== 200) throw new Error(`configure: ${res.statusCode} ${res.body}`);
    },
    createKey: async (email, body) => {
      const res = await call({ email }, 'POST', apiKeyRoutes.create, body);
      if (res.statusCode !== 200) throw new Error(`create key: ${res.statusCode} ${res.body}`);
      return res.json<ApiKeySecretResponse>();
    },
    close: async () => {
      await app.close();
      await outbound.close();
      await database.drop();
    },
  };
};

/** A create body: the default account, chat access, no limit, no expiry (override any field). */
export const keyBody = (extra: Partial<ApiKeyCreateInput> = {}): ApiKeyCreateInput => ({
  applicationName: 'Test App',
  applicationDescription: 'for tests',
  account: { id: 'general_account', name: 'No COA On File' },
  rateLimit: { period: 'Unlimited', rate: null },
  expirationDate: null,
  accessTypes: ['chat'],
  ...extra,
});
