import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { routes, sessionCookieName, type RecordedEvent } from '@app/contracts';
import {
  createLogger,
  createOutboundClient,
  createSecretBox,
  createServiceApp,
  eventColumns,
  newMasterKey,
  parseMasterKey,
  toRecordedEvent,
  type BlobHead,
  type BlobStore,
  type OutboundClient,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import {
  chatStreamsFor,
  commandService,
  createSpendGuard,
  seedAdmins,
  type ChatStreams,
} from '../../src/index';
import { featureDataRoutesPlugin } from '../../src/feature-data/index';
import { waitForProjections } from '../../../query/test/support/log';
import {
  allProjections,
  queryService,
  startProjectionRunner,
  type ProjectionRunner,
} from '../../../query/src/index';

/** A blob store in memory: signed urls name the key; a test "PUTs" with `arrive`. */
export interface MemoryBlobs extends BlobStore {
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** The upload grants given, by key. */
  grants: Map<string, { contentType: string; contentMd5?: string; maxBytes: number }>;
  /** The browser's PUT of a signed url. */
  arrive(url: string, body: Buffer): void;
}

export const memoryBlobs = (): MemoryBlobs => {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const grants: MemoryBlobs['grants'] = new Map();
  const keyOf = (url: string) =>
    decodeURIComponent(new URL(url).pathname.replace(/^\/(upload|download)\//, ''));
  const head = (key: string): BlobHead | null => {
    const o = objects.get(key);
    return o
      ? {
          size: o.body.length,
          contentType: o.contentType,
          md5: createHash('md5').update(o.body).digest('base64'),
        }
      : null;
  };
  return {
    objects,
    grants,
    signUpload: (key, opts) => {
      grants.set(key, {
        contentType: opts.contentType,
        maxBytes: opts.maxBytes,
        ...(opts.contentMd5 ? { contentMd5: opts.contentMd5 } : {}),
      });
      return Promise.resolve(`http://blobs.test/upload/${encodeURIComponent(key)}`);
    },
    signDownload: (key) => Promise.resolve(`http://blobs.test/download/${encodeURIComponent(key)}`),
    head: (key) => Promise.resolve(head(key)),
    get: (key) => Promise.resolve(objects.get(key)?.body ?? null),
    put: (key, body, contentType) => {
      objects.set(key, { body, contentType });
      return Promise.resolve();
    },
    delete: (key) => {
      objects.delete(key);
      return Promise.resolve();
    },
    arrive: (url, body) => {
      const key = keyOf(url);
      const grant = grants.get(key);
      if (!grant) throw new Error(`no upload granted for ${key}`);
      objects.set(key, { body, contentType: grant.contentType });
    },
  };
};

export interface FeatureDataPlatform {
  app: FastifyInstance;
  database: TestDatabase;
  blobs: MemoryBlobs;
  call(
    email: string | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  settle(): Promise<void>;
  events(): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

/** The platform as the tests of the Feature Data routes need it: command (chat too), query, a memory blob store. */
export const startFeatureDataPlatform = async (admins: readonly string[]): Promise<FeatureDataPlatform> => {
  const logger = createLogger('silent', 'test');
  const database = await createTestDatabase();
  const { db } = database;
  const blobs = memoryBlobs();
  let runner: ProjectionRunner | undefined;
  let app: FastifyInstance | undefined;
  let chatStreams: ChatStreams | undefined;
  let outbound: OutboundClient | undefined;
  try {
    await seedAdmins(db, admins);
    runner = await startProjectionRunner({
      db,
      databaseUrl: database.url,
      projections: allProjections,
      logger,
      pollMs: 50,
    });
    app = await createServiceApp({
      db,
      logger,
      sessionSecret: randomBytes(32).toString('base64url'),
      devLogin: true,
      rateLimits: { signInPerMinute: 10_000, commandsPerMinute: 10_000 },
    });
    chatStreams = chatStreamsFor({ db, databaseUrl: database.url, logger });
    outbound = createOutboundClient();
    await app.register(
      commandService({
        db,
        secrets: createSecretBox(parseMasterKey(newMasterKey())),
        chat: {
          outbound,
          streams: chatStreams.store,
          stopBus: chatStreams.stopBus,
          spend: createSpendGuard(),
        },
      }),
    );
    await app.register(featureDataRoutesPlugin({ db, blobs, awaitProjected: () => Promise.resolve(false) }));
    await app.register(queryService({ db, databaseUrl: database.url, logger, projections: allProjections }));
    await app.ready();
    // The seeded admins are admins once projected: a busy machine must not make the first call a 403.
    await waitForProjections(db, runner, allProjections);
  } catch (e) {
    await app?.close();
    await chatStreams?.close();
    await outbound?.close();
    await runner?.stop();
    await database.drop();
    throw e;
  }
  const theApp = app;
  const theRunner = runner;
  const cookies = new Map<string, string>();
  const session = async (email: string) => {
    const known = cookies.get(email);
    if (known) return known;
    const res = await theApp.inject({ method: 'POST', url: routes.devLogin, payload: { email } });
    const cookie = res.cookies.find((c) => c.name === sessionCookieName);
    if (!cookie) throw new Error(`dev-login failed: ${res.statusCode}`);
    cookies.set(email, cookie.value);
    return cookie.value;
  };
  return {
    app: theApp,
    database,
    blobs,
    call: async (email, method, url, body) =>
      theApp.inject({
        method,
        url,
        ...(email === null ? {} : { cookies: { [sessionCookieName]: await session(email) } }),
        headers: { origin: 'http://localhost' },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    settle: () => waitForProjections(db, theRunner, allProjections),
    events: async () =>
      (
        await db
          .selectFrom('events')
          .select(eventColumns)
          .where('stream_id', 'not like', 'session-%')
          .orderBy('global_position')
          .execute()
      ).map(toRecordedEvent),
    close: async () => {
      await theApp.close();
      await chatStreams?.close();
      await outbound?.close();
      await theRunner.stop();
      await database.drop();
    },
  };
};
