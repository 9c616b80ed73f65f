import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityMessages } from '@app/contracts';
import { randomBytes } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import {
  chatStreamRoutes,
  chatStreamsFor,
  commandService,
  configsAtFrom,
  createSpendGuard,
  onBlobUploaded,
  seedAdmins,
  type IntegrationProviderEndpoints,
} from '@app/command';
import {
  allProjections,
  queryService,
  startProjectionRunner,
  startProjectionThread,
  waitForPosition,
} from '@app/query';
import { platformProcessors, platformRoutes, startWorkers } from '@app/workers';
import {
  blobStoreRoutes,
  createBlobStore,
  FsBlobStore,
  type BlobStoreSettings,
  createLogger,
  createOutboundClient,
  createSecretBox,
  createVectorStore,
  createServiceApp,
  committedHead,
  loopbackAllowEntries,
  newMasterKey,
  parseAllowList,
  parseMasterKey,
  migrateToLatest,
  openDatabase,
  isLoopbackHost,
  type DatabaseOptions,
  type Logger,
  type OidcSettings,
  type RateLimits,
  type SessionPolicy,
} from '@app/platform';

export interface PlatformOptions {
  databaseUrl: string;
  /** Statement and idle-in-transaction bounds of the pool (DB_STATEMENT_TIMEOUT_MS...). */
  databaseOptions?: Pick<DatabaseOptions, 'statementTimeoutMs' | 'idleInTransactionTimeoutMs'>;
  /** COMMAND_RESULTS_RETENTION_HOURS. */
  commandResultsRetentionHours?: number;
  redisUrl?: string;
  port: number;
  host: string;
  adminEmails: readonly string[];
  /** The built web app (web/dist); not served when absent. */
  webDist?: string;
  logLevel?: string;
  logger?: Logger;
  sessionSecret?: string;
  /** The development sign-in (no password): refused unless `host` is a loopback address. Default: on without `oidc`. */
  devLogin?: boolean;
  /** OpenID Connect sign-in. */
  oidc?: OidcSettings;
  /** PUBLIC_URL: the only host served besides loopback. */
  publicUrl?: string;
  sessionPolicy?: Partial<SessionPolicy>;
  rateLimits?: Partial<RateLimits>;
  trustProxy?: boolean;
  /** METRICS_TOKEN: a scraper may read /metrics with `Authorization: Bearer <token>` (admins always may). */
  metricsToken?: string;
  /** APP_MASTER_KEY (base64 of 32 bytes). Without it a key of this run only: secrets saved cannot be read after a restart. */
  masterKey?: string;
  /**
   * How long a save's answer waits for its events to be in the read models (read-your-writes: its
   * `/live` pushes go out first). 0 answers as soon as the events are appended. Default 2000.
   */
  projectionWaitMs?: number;
  /** OUTBOUND_ALLOW; the embedded default allows loopback (a model server on this machine). */
  outboundAllow?: readonly string[];
  /** WEBSITE_FETCH_ALLOW: private addresses users' websites may reach; default none (public only). */
  websiteAllow?: readonly string[];
  /** MCP_ALLOW: where MCP servers may be registered and reached; default none. */
  mcpAllow?: readonly string[];
  /** Where documents' bytes go (S3_*, else DATA_DIR/blobs); default: a folder of this run under the temp dir. */
  blobSettings?: BlobStoreSettings;
  /** USER_STORAGE_QUOTA_MB: each user's storage for documents (default 1024). */
  storageQuotaMb?: number;
  /**
   * Tests only: the integrations' OAuth providers at other endpoints (a local provider) and the
   * certificate to trust for them (its client trusts that CA instead of Node's roots, with
   * WEBSITE_FETCH_ALLOW's address rules). Never set from what users or admins type.
   */
  integrationProviders?: { endpoints: IntegrationProviderEndpoints; ca?: string };
  /**
   * The projection runner on a worker thread of its own (`npm start` does), its folds off the loop that
   * answers requests; else on that loop. Default false.
   */
  projectionThread?: boolean;
}

export interface RunningPlatform {
  url: string;
  logger: Logger;
  /** Stops taking requests, finishes those in flight, a projection batch and jobs, then closes pools. */
  close(): Promise<void>;
  /** Resolves once the projections have caught up with the log as it is now. */
  idle(): Promise<void>;
}

/** How long a save's answer waits for its events to be projected before it answers anyway. */
const defaultProjectionWaitMs = 2000;

/** Command, query and workers in one process, on one port, with the web app: the embedded default. */
/** How long the platform waits at start for the projections to fold the log as it was. */
const startupCatchUpMs = 30_000;

export const startPlatform = async (opts: PlatformOptions): Promise<RunningPlatform> => {
  const logger = opts.logger ?? createLogger(opts.logLevel ?? 'info', 'platform');
  const devLogin = opts.devLogin ?? !opts.oidc;
  if (devLogin && !isLoopbackHost(opts.host))
    throw new Error(identityMessages.devSignInOnPublicHost(opts.host));
  const database = openDatabase(opts.databaseUrl, { max: 10, ...opts.databaseOptions, logger });
  const { db } = database;
  await migrateToLatest(db);
  await seedAdmins(db, opts.adminEmails);

  if (!opts.masterKey)
    logger.warn('no master key given: secrets saved in this run cannot be read after a restart');
  const masterKey = opts.masterKey ?? newMasterKey();
  const secrets = createSecretBox(parseMasterKey(masterKey));
  const outboundAllow = parseAllowList(opts.outboundAllow ?? loopbackAllowEntries);
  // The admins' client: an endpoint whose name resolves to nothing is told so (users' clients are not).
  const outbound = createOutboundClient({ allow: outboundAllow, unresolvedHost: 'not-found' });
  // What users type (websites, sitemaps) is fetched by a client of its own: public addresses only.
  const websiteOutbound = createOutboundClient({ allow: parseAllowList(opts.websiteAllow ?? []) });
  // MCP servers: reached only at what MCP_ALLOW lists.
  const mcpAllow = parseAllowList(opts.mcpAllow ?? []);
  const mcpOutbound = createOutboundClient({ allow: mcpAllow });
  const integrationOutbound = opts.integrationProviders?.ca
    ? createOutboundClient({
        allow: parseAllowList(opts.websiteAllow ?? []),
        tls: { ca: opts.integrationProviders.ca },
      })
    : undefined;

  const blobTemp = opts.blobSettings ? undefined : await mkdtemp(join(tmpdir(), 'platform-blobs-'));
  const blobs = await createBlobStore(
    opts.blobSettings ?? { DATA_DIR: blobTemp ?? '', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false },
  );

  // Documents' chunks and vectors: pgvector when migration 0016 could add it, else the exact scan.
  const vectors = await createVectorStore(db);

  const projectionWaitMs = opts.projectionWaitMs ?? defaultProjectionWaitMs;
  const runner = opts.projectionThread
    ? await startProjectionThread({
        databaseUrl: opts.databaseUrl,
        databaseOptions: opts.databaseOptions ?? {},
        logLevel: logger.level,
        // The conversations projection opens cloud conversations' sealed text under it.
        masterKey,
        logger,
      })
    : await startProjectionRunner({ db, databaseUrl: opts.databaseUrl, projections: allProjections, logger });
  await runner.idle();
  // The platform answers only once the projections have folded what was committed at its start (the
  // admins seeded from ADMIN_EMAILS among it), bounded: the runner's idle() means caught up with what
  // is readable, and a transaction open elsewhere on the server may hold newer events back; a worker
  // of a cluster that does not lead the projections waits for the leader.
  const head = await committedHead(db);
  if (head) await waitForPosition(db, allProjections, head.globalPosition, startupCatchUpMs);
  const workers = await startWorkers({
    db,
    databaseUrl: opts.databaseUrl,
    ...(opts.redisUrl ? { redisUrl: opts.redisUrl } : {}),
    logger,
    routes: platformRoutes,
    processors: platformProcessors,
    services: { secrets, outbound, websiteOutbound, blobs, vectors },
    ...(opts.commandResultsRetentionHours === undefined
      ? {}
      : { commandResultsRetentionHours: opts.commandResultsRetentionHours }),
  });

  const app = await createServiceApp({
    db,
    logger,
    sessionSecret: opts.sessionSecret ?? randomBytes(32).toString('base64url'),
    devLogin,
    ...(opts.oidc ? { oidc: opts.oidc } : {}),
    ...(opts.publicUrl ? { publicUrl: opts.publicUrl } : {}),
    ...(opts.sessionPolicy ? { sessionPolicy: opts.sessionPolicy } : {}),
    ...(opts.rateLimits ? { rateLimits: opts.rateLimits } : {}),
    // The rate limits' counters: on Redis when there is one, else in PostgreSQL.
    ...(opts.redisUrl ? { redisUrl: opts.redisUrl } : {}),
    ...(opts.trustProxy ? { trustProxy: true } : {}),
    ...(opts.metricsToken ? { metricsToken: opts.metricsToken } : {}),
  });
  // Chat: the chunks of answers in flight and the stop signal, on Redis when there is one, else PostgreSQL.
  const chatStreams = chatStreamsFor({
    db,
    databaseUrl: opts.databaseUrl,
    ...(opts.redisUrl ? { redisUrl: opts.redisUrl } : {}),
    logger,
  });
  await app.register(
    commandService({
      db,
      secrets,
      outboundAllow,
      chat: { outbound, streams: chatStreams.store, stopBus: chatStreams.stopBus, spend: createSpendGuard() },
      websites: { outbound: websiteOutbound },
      userUrls: websiteOutbound,
      mcp: { outbound: mcpOutbound, allow: mcpAllow },
      integrations: {
        ...(opts.integrationProviders ? { endpoints: opts.integrationProviders.endpoints } : {}),
        ...(integrationOutbound ? { outbound: integrationOutbound } : {}),
      },
      documents: {
        blobs,
        vectors,
        ...(opts.storageQuotaMb === undefined
          ? {}
          : { storageQuotaBytes: opts.storageQuotaMb * 1024 * 1024 }),
      },
      ...(workers.queueHealth ? { jobQueue: workers.queueHealth } : {}),
      ...(projectionWaitMs > 0
        ? {
            // Another worker of the cluster may lead the projections: then wait on their checkpoints.
            awaitProjected: (position: string) =>
              runner.isLeader()
                ? runner.awaitProjected(position, projectionWaitMs)
                : waitForPosition(db, allProjections, position, projectionWaitMs),
          }
        : {}),
    }),
  );
  await app.register(chatStreamRoutes({ store: chatStreams.store }));
  // The filesystem store's signed URLs (S3's are S3's own): a PUT records FileUploaded.
  if (blobs instanceof FsBlobStore)
    await app.register(blobStoreRoutes({ store: blobs, onUploaded: onBlobUploaded(db, blobs) }));
  await app.register(
    queryService({ db, databaseUrl: opts.databaseUrl, logger, configsAt: configsAtFrom(db) }),
  );
  if (opts.webDist && existsSync(opts.webDist)) {
    await app.register(fastifyStatic, { root: opts.webDist, wildcard: false });
    // A published assistant's page (/assistants/{path}) is the app itself: the SPA reads its path.
    app.get('/assistants/*', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
    // A shared conversation's page (/share/{shareId}) too.
    app.get('/share/*', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  }
  const address = await app.listen({ port: opts.port, host: opts.host });

  return {
    url: address.replace('[::1]', 'localhost'),
    logger,
    idle: () => runner.idle(),
    close: async () => {
      // First: the app's close stops the chats still running and records how they ended.
      await app.close();
      await chatStreams.close();
      await workers.stop();
      await outbound.close();
      await websiteOutbound.close();
      await mcpOutbound.close();
      await integrationOutbound?.close();
      await runner.stop();
      await database.close();
      if (blobTemp) await rm(blobTemp, { recursive: true, force: true });
    },
  };
};
