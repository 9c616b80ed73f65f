import {
  createBlobStore,
  createOutboundClient,
  createVectorStore,
  openMigratedDatabase,
  parseAllowList,
  splitServiceStart,
  createLogger,
  loadSettings,
  startCluster,
  stopOnShutdown,
  workerCountOf,
} from '@app/platform';
import { processors, routes } from './jobs/registry';
import { startWorkers } from './index';

/**
 * The workers on their own (split deployment): needs DATABASE_URL and APP_MASTER_KEY or APP_MASTER_KEY_FILE (endpoint tests
 * open sealed keys); outbound calls reach private addresses only as OUTBOUND_ALLOW lists them. BullMQ runs on REDIS_URL when set,
 * else on its PostgreSQL backend in the same database. Any number of instances: one reactor leads,
 * every instance runs jobs.
 */
// One worker per core (WEB_CONCURRENCY, README "Sizing workers"): each runs the whole service.
const once = loadSettings();
const role = await startCluster({
  workers: workerCountOf(once),
  logger: createLogger(once.LOG_LEVEL, 'workers'),
});
if (role.role !== 'primary') {
  const start = splitServiceStart('workers', { masterKey: true });
  const { settings, logger, secrets, databaseUrl } = start;
  // The admins' client: an endpoint whose name resolves to nothing is told so (users' clients are not).
  const outbound = createOutboundClient({
    allow: parseAllowList(settings.OUTBOUND_ALLOW ?? []),
    unresolvedHost: 'not-found',
  });
  // What users type (websites, sitemaps): a client of its own, public addresses only.
  const websiteOutbound = createOutboundClient({ allow: parseAllowList(settings.WEBSITE_FETCH_ALLOW ?? []) });
  const database = await openMigratedDatabase(start);
  // Documents' chunks and vectors: pgvector when migration 0016 could add it, else the exact scan.
  const vectors = await createVectorStore(database.db);
  // Documents' bytes: S3 when S3_BUCKET is set, else DATA_DIR/blobs (the folder the command service writes).
  const blobs = await createBlobStore(settings);
  const workers = await startWorkers({
    db: database.db,
    databaseUrl,
    ...(settings.REDIS_URL ? { redisUrl: settings.REDIS_URL } : {}),
    logger,
    routes,
    processors,
    services: { secrets, outbound, websiteOutbound, vectors, blobs },
    commandResultsRetentionHours: settings.COMMAND_RESULTS_RETENTION_HOURS,
  });
  stopOnShutdown(role, [
    () => workers.stop(),
    () => outbound.close(),
    () => websiteOutbound.close(),
    () => database.close(),
  ]);
}
