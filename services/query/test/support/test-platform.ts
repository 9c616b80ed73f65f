import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  chatStreamRoutes,
  chatStreamsFor,
  commandService,
  configsAtFrom,
  createSpendGuard,
  onBlobUploaded,
  seedAdmins,
  type ChatStreams,
  type IntegrationProviderEndpoints,
  type McpConnector,
} from '@app/command';
import {
  routes,
  sessionCookieName,
  type ConfigsResponse,
  type ConfigsUpdateResponse,
  type RecordedEvent,
} from '@app/contracts';
import {
  blobStoreRoutes,
  createBlobStore,
  FsBlobStore,
  type BlobStore,
  createLogger,
  createOutboundClient,
  createSecretBox,
  emptyAllowList,
  type AllowList,
  type OutboundClient,
  createServiceApp,
  eventColumns,
  type RateLimits,
  type ServiceAppOptions,
  toRecordedEvent,
  newMasterKey,
  parseMasterKey,
  type Logger,
  type SecretBox,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { waitForProjections } from './log';
import {
  allProjections,
  queryService,
  startProjectionRunner,
  type Projection,
  type ProjectionRunner,
  type RetryPolicy,
} from '../../src/index';

export const silentLogger = (): Logger => createLogger('silent', 'test');

export interface TestPlatform {
  app: FastifyInstance;
  database: TestDatabase;
  runner: ProjectionRunner;
  /** Documents' bytes: a filesystem store in a folder of this platform (or the one given). */
  blobs: BlobStore;
  /** Signs in through POST /auth/dev-login and answers the session cookie's value. */
  signIn(email: string): Promise<string>;
  /** An HTTP call as `email` (anonymous when null), through app.inject. */
  call(
    email: string | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** POST /amplifymin/configs/update as `email`. */
  save(
    email: string,
    configurations: unknown[],
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: ConfigsUpdateResponse }>;
  /** GET /amplifymin/configs as `email`, waiting for `waitFor` when given. */
  configs(email: string, waitFor?: string): Promise<ConfigsResponse>;
  /** GET /amplifymin/configs as `email` once the projections have passed every event appended so far. */
  configsNow(email: string): Promise<ConfigsResponse>;
  /** Resolves once every projection has passed the last event of the log. */
  settle(): Promise<void>;
  /**
   * Every event of the log but sign-ins and sign-outs (streams `session-…`, `sign-in-refused-…`),
   * in position order, straight from the table: what a request itself appended, whoever signed in
   * first. The identity tests read `allEvents()`.
   */
  events(): Promise<RecordedEvent[]>;
  /** Every event of the log, sign-ins included. */
  allEvents(): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

export interface TestPlatformOptions {
  admins: readonly string[];
  projections?: readonly Projection[];
  /** Listen on a real loopback port (for websockets). */
  listen?: boolean;
  /** The Amplify groups of a user, for GET /amplifymin/feature_flags. */
  groupsOf?: (email: string) => Promise<string[]>;
  /** Seals secret values (default: a box on a fresh random master key). */
  secrets?: SecretBox;
  /** How long POST /api/admin/testEndpoint waits for the workers. */
  endpointTestWaitMs?: number;
  /** More of createServiceApp's options (PUBLIC_URL, session policy...). */
  service?: Partial<Pick<ServiceAppOptions, 'publicUrl' | 'sessionPolicy' | 'trustProxy' | 'metricsToken'>>;
  /** How often /live checks its sockets' sessions (default 2 s). */
  liveSweepEveryMs?: number;
  /** Rate limits (default: high enough never to be hit by a test that is not about them). */
  rateLimits?: RateLimits;
  /** The rate limits' counters on this Redis (default: in PostgreSQL). */
  redisUrl?: string;
  /**
   * Another instance's database: this platform is a second instance on it (its own app, runner and
   * store objects); `close()` leaves the database to its owner.
   */
  database?: TestDatabase;
  /** Where the services log (default: silent). */
  logger?: Logger;
  /** How the runner retries an event a projection fails on (default: the runner's). */
  retry?: RetryPolicy;
  /** Routes that wait for their events' projection wait this long (default: they answer at once, not projected). */
  projectionWaitMs?: number;
  /** Where documents' bytes go (default: a filesystem store under the temp dir, its signed URLs served). */
  blobs?: BlobStore;
  /** The guarded client for addresses people type (default: the platform's, which reaches no private address). */
  userUrls?: OutboundClient;
  /** OUTBOUND_ALLOW as the command service gets it: where endpoints may be saved without a key (default: nowhere). */
  outboundAllow?: AllowList;
  /** Integrations: a local OAuth provider's endpoints and the guarded client that may reach it (default: userUrls). */
  integrations?: { endpoints: IntegrationProviderEndpoints; outbound?: OutboundClient };
  /** MCP servers: the guarded client on MCP_ALLOW and MCP_ALLOW (default: MCP_ALLOW empty, every server refused). */
  mcp?: McpConnector;
  /** The chat relay's guarded client (default: one that reaches nothing, so no model answers). */
  chatOutbound?: OutboundClient;
}

/**
 * The platform as services/standalone/src/start-platform.ts builds it, without workers and web:
 * a database of its own, admins seeded, the projection runner, createServiceApp + commandService +
 * queryService. `close()` stops everything and drops the database.
 */
export const startTestPlatform = async (
  opts: TestPlatformOptions,
): Promise<TestPlatform & { url: string }> => {
  const logger = opts.logger ?? silentLogger();
  const secrets = opts.secrets ?? createSecretBox(parseMasterKey(newMasterKey()));
  const shared = opts.database;
  const database = shared ?? (await createTestDatabase());
  const dropDatabase = () => (shared ? Promise.resolve() : database.drop());
  const { db } = database;
  const projections = opts.projections ?? allProjections;
  let runner: ProjectionRunner | undefined;
  let app: FastifyInstance | undefined;
  let chatStreams: ChatStreams | undefined;
  let outbound: OutboundClient | undefined;
  const blobDir = await mkdtemp(join(tmpdir(), 'test-blobs-'));
  const dropBlobs = () => rm(blobDir, { recursive: true, force: true });
  try {
    const blobs =
      opts.blobs ??
      (await createBlobStore({ DATA_DIR: blobDir, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false }));
    await seedAdmins(db, opts.admins);
    runner = await startProjectionRunner({
      db,
      databaseUrl: database.url,
      projections,
      logger,
      pollMs: 50,
      ...(opts.retry ? { retry: opts.retry } : {}),
    });
    await waitForProjections(db, runner, projections);
    app = await createServiceApp({
      db,
      logger,
      sessionSecret: randomBytes(32).toString('base64url'),
      devLogin: true,
      rateLimits: opts.rateLimits ?? { signInPerMinute: 10_000, commandsPerMinute: 10_000 },
      ...(opts.redisUrl ? { redisUrl: opts.redisUrl } : {}),
      ...opts.service,
    });
    // Chat as the platform runs it; no model is reachable (the guarded client allows nothing).
    chatStreams = chatStreamsFor({ db, databaseUrl: database.url, logger });
    outbound = createOutboundClient();
    await app.register(
      commandService({
        db,
        secrets,
        ...(opts.outboundAllow ? { outboundAllow: opts.outboundAllow } : {}),
        ...(opts.endpointTestWaitMs === undefined ? {} : { endpointTestWaitMs: opts.endpointTestWaitMs }),
        chat: {
          outbound: opts.chatOutbound ?? outbound,
          streams: chatStreams.store,
          stopBus: chatStreams.stopBus,
          spend: createSpendGuard(),
        },
        documents: { blobs },
        // Users' websites through the same client: it reaches no private address.
        websites: { outbound },
        userUrls: opts.userUrls ?? outbound,
        ...(opts.integrations ? { integrations: opts.integrations } : {}),
        // MCP servers: nowhere unless the test gives its MCP_ALLOW (the routes are registered either way).
        mcp: opts.mcp ?? { outbound, allow: emptyAllowList },
        ...(opts.projectionWaitMs === undefined
          ? {}
          : {
              awaitProjected: (position: string) =>
                (runner as ProjectionRunner).awaitProjected(position, opts.projectionWaitMs ?? 0),
            }),
      }),
    );
    await app.register(chatStreamRoutes({ store: chatStreams.store }));
    if (blobs instanceof FsBlobStore)
      await app.register(blobStoreRoutes({ store: blobs, onUploaded: onBlobUploaded(db, blobs) }));
    await app.register(
      queryService({
        db,
        databaseUrl: database.url,
        logger,
        projections,
        configsAt: configsAtFrom(db),
        ...(opts.groupsOf ? { groupsOf: opts.groupsOf } : {}),
        ...(opts.liveSweepEveryMs ? { liveSweepEveryMs: opts.liveSweepEveryMs } : {}),
      }),
    );
    const url = opts.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
    await app.ready();
    const theApp = app;
    const theRunner = runner;
    const theChat = chatStreams;
    const theOutbound = outbound;

    const cookies = new Map<string, string>();
    const signIn = async (email: string): Promise<string> => {
      const res = await theApp.inject({ method: 'POST', url: routes.devLogin, payload: { email } });
      if (res.statusCode !== 200) throw new Error(`dev-login failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === sessionCookieName);
      if (!cookie) throw new Error('dev-login set no session cookie');
      cookies.set(email, cookie.value);
      return cookie.value;
    };
    const call: TestPlatform['call'] = async (email, method, url, options = {}) => {
      const session = email === null ? undefined : (cookies.get(email) ?? (await signIn(email)));
      return theApp.inject({
        method,
        url,
        ...(session ? { cookies: { [sessionCookieName]: session } } : {}),
        // What a browser on the app's own page sends (the Origin guard asks for it with a cookie).
        headers: { origin: 'http://localhost', ...options.headers },
        ...(options.body === undefined ? {} : { payload: options.body as object }),
      });
    };

    const configs: TestPlatform['configs'] = async (email, waitFor) => {
      const res = await call(email, 'GET', waitFor ? `${routes.configs}?waitFor=${waitFor}` : routes.configs);
      if (res.statusCode !== 200) throw new Error(`GET configs: ${res.statusCode} ${res.body}`);
      return res.json<ConfigsResponse>();
    };

    return {
      app: theApp,
      url,
      database,
      runner: theRunner,
      blobs,
      signIn,
      call,
      save: async (email, configurations, headers) => {
        const res = await call(email, 'POST', routes.configsUpdate, {
          body: { configurations },
          ...(headers ? { headers } : {}),
        });
        return { status: res.statusCode, body: res.json<ConfigsUpdateResponse>() };
      },
      configs,
      settle: () => waitForProjections(db, theRunner, projections),
      configsNow: async (email) => {
        await waitForProjections(db, theRunner, projections);
        return configs(email);
      },
      events: async () =>
        (
          await db
            .selectFrom('events')
            .select(eventColumns)
            .where('stream_id', 'not like', 'session-%')
            .where('stream_id', 'not like', 'sign-in-refused-%')
            .orderBy('global_position')
            .execute()
        ).map(toRecordedEvent),
      allEvents: async () =>
        (await db.selectFrom('events').select(eventColumns).orderBy('global_position').execute()).map(
          toRecordedEvent,
        ),
      close: async () => {
        await theApp.close();
        await theChat?.close();
        await theOutbound?.close();
        await theRunner.stop();
        await dropDatabase();
        await dropBlobs();
      },
    };
  } catch (e) {
    await app?.close();
    await chatStreams?.close();
    await outbound?.close();
    await runner?.stop();
    await dropDatabase();
    await dropBlobs();
    throw e;
  }
};
