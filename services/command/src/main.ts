import {
  blobStoreRoutes,
  createBlobStore,
  FsBlobStore,
  createOutboundClient,
  parseAllowList,
  createServiceApp,
  createVectorStore,
  openMigratedDatabase,
  orRefuseToStart,
  redisHealthCheck,
  serviceAuthOptions,
  splitServiceStart,
  createLogger,
  loadSettings,
  startCluster,
  stopOnShutdown,
  workerCountOf,
} from '@app/platform';
import {
  chatStreamRoutes,
  chatStreamsFor,
  commandService,
  configsAtRoutePlugin,
  createSpendGuard,
  onBlobUploaded,
  seedAdmins,
} from './index';

/** The command service on its own (split deployment): needs DATABASE_URL, SESSION_SECRET and APP_MASTER_KEY (or APP_MASTER_KEY_FILE). */
// One worker per core (WEB_CONCURRENCY, README "Sizing workers"): each runs the whole service.
const once = loadSettings();
const role = await startCluster({
  workers: workerCountOf(once),
  logger: createLogger(once.LOG_LEVEL, 'command'),
});
if (role.role !== 'primary') {
  const start = splitServiceStart('command', { session: true, masterKey: true });
  const { settings, logger, secrets } = start;
  const authOptions = orRefuseToStart(logger, () => serviceAuthOptions(settings));
  const database = await openMigratedDatabase(start);
  await seedAdmins(database.db, settings.ADMIN_EMAILS);
  const app = await createServiceApp({
    db: database.db,
    logger,
    sessionSecret: start.sessionSecret,
    ...authOptions,
  });
  // With REDIS_URL the job queue is on Redis: while it does not answer, endpoint tests say so at once.
  const jobQueue = settings.REDIS_URL ? redisHealthCheck(settings.REDIS_URL) : undefined;
  // Chat: model calls through the guarded client; answers in flight and stops shared by every instance.
  const outboundAllow = parseAllowList(settings.OUTBOUND_ALLOW ?? []);
  // The admins' client: an endpoint whose name resolves to nothing is told so (users' clients are not).
  const outbound = createOutboundClient({ allow: outboundAllow, unresolvedHost: 'not-found' });
  // What users type (websites, sitemaps): a client of its own, public addresses only.
  const websiteOutbound = createOutboundClient({ allow: parseAllowList(settings.WEBSITE_FETCH_ALLOW ?? []) });
  // MCP servers: reached only at what MCP_ALLOW lists (none by default).
  const mcpAllow = parseAllowList(settings.MCP_ALLOW ?? []);
  const mcpOutbound = createOutboundClient({ allow: mcpAllow });
  const chatStreams = chatStreamsFor({
    db: database.db,
    databaseUrl: start.databaseUrl,
    ...(settings.REDIS_URL ? { redisUrl: settings.REDIS_URL } : {}),
    logger,
  });
  // Documents' bytes: S3 when S3_BUCKET is set; else DATA_DIR/blobs, shared by every instance (BLOB_URL_SECRET).
  const blobs = await createBlobStore(settings);
  // Chat retrieves passages of the caller's documents from the vector store.
  const vectors = await createVectorStore(database.db);
  await app.register(
    commandService({
      db: database.db,
      secrets,
      outboundAllow,
      documents: { blobs, vectors, storageQuotaBytes: settings.USER_STORAGE_QUOTA_MB * 1024 * 1024 },
      ...(jobQueue ? { jobQueue } : {}),
      chat: { outbound, streams: chatStreams.store, stopBus: chatStreams.stopBus, spend: createSpendGuard() },
      websites: { outbound: websiteOutbound },
      userUrls: websiteOutbound,
      mcp: { outbound: mcpOutbound, allow: mcpAllow },
    }),
  );
  await app.register(chatStreamRoutes({ store: chatStreams.store }));
  // The configuration at a moment (GET /amplifymin/configs?at=, routed here by the front door).
  await app.register(configsAtRoutePlugin({ db: database.db }));
  if (blobs instanceof FsBlobStore)
    await app.register(blobStoreRoutes({ store: blobs, onUploaded: onBlobUploaded(database.db, blobs) }));
  await app.listen({ port: settings.PORT, host: settings.HOST });
  stopOnShutdown(role, [
    () => app.close(),
    () => chatStreams.close(),
    () => websiteOutbound.close(),
    () => mcpOutbound.close(),
    () => outbound.close(),
    () => database.close(),
  ]);
}
