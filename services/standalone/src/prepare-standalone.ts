import path from 'node:path';
import {
  databaseOptionsOf,
  migrateToLatest,
  openDatabase,
  orRefuseToStart,
  resolveMasterKeyText,
  secretFromFile,
  serviceAuthOptions,
  startEmbeddedPostgres,
  type Logger,
  type Prepared,
  type Settings,
} from '@app/platform';

/** Which database the workers were handed (for the start-up line): `embedded` or `DATABASE_URL`. */
export const databaseKindVariable = 'PLATFORM_DATABASE_KIND';

/** PostgreSQL connections one worker may hold (its pool of 10, the projection thread's 4, LISTEN, leaders' locks, the job queue). */
const connectionsPerWorker = 30;

/**
 * What `npm start` does once, before any worker (or the only process) serves: checks the sign-in
 * settings, starts the embedded PostgreSQL without DATABASE_URL (its data in DATA_DIR), migrates
 * it when workers will be forked, and resolves the session secret and the master key (kept in
 * DATA_DIR when not given). The workers get them in their environment.
 */
export const prepareStandalone =
  (settings: Settings, logger: Logger, dataDir: string, workers: number) =>
  async (clustered: boolean): Promise<Prepared> => {
    // `npm start` on the embedded default is for one person on this machine: the development sign-in,
    // unless AUTH_MODE says otherwise. Anything else must be asked for explicitly, and is checked first.
    const authMode = process.env['AUTH_MODE'] ? settings.AUTH_MODE : settings.DATABASE_URL ? 'oidc' : 'dev';
    orRefuseToStart(logger, () => serviceAuthOptions(settings, authMode));
    const embedded = settings.DATABASE_URL
      ? undefined
      : await startEmbeddedPostgres(path.join(dataDir, 'postgres'), {
          onLog: (m) => logger.debug({ component: 'embedded-postgres' }, m.trim()),
          ...(clustered ? { maxConnections: Math.max(100, 20 + connectionsPerWorker * workers) } : {}),
        });
    const databaseUrl = settings.DATABASE_URL ?? embedded?.url ?? '';
    if (clustered) {
      // Once, here: the workers then find nothing left to migrate.
      const database = openDatabase(databaseUrl, { ...databaseOptionsOf(settings), max: 1, logger });
      try {
        await migrateToLatest(database.db);
      } finally {
        await database.close();
      }
    }
    const adminEmails =
      settings.ADMIN_EMAILS.length > 0 ? settings.ADMIN_EMAILS : embedded ? ['admin@example.com'] : [];
    // Without APP_MASTER_KEY (or APP_MASTER_KEY_FILE) the embedded default keeps one in the data folder (mode 0600).
    const masterKey =
      orRefuseToStart(logger, () => resolveMasterKeyText(settings)) ??
      (await secretFromFile(dataDir, 'master-key'));
    return {
      env: {
        DATABASE_URL: databaseUrl,
        AUTH_MODE: authMode,
        ADMIN_EMAILS: adminEmails.join(','),
        SESSION_SECRET: settings.SESSION_SECRET ?? (await secretFromFile(dataDir, 'session-secret')),
        APP_MASTER_KEY: masterKey,
        [databaseKindVariable]: embedded ? 'embedded' : 'DATABASE_URL',
      },
      close: async () => embedded?.stop(),
    };
  };
