import {
  createServiceApp,
  openMigratedDatabase,
  orRefuseToStart,
  serviceAuthOptions,
  splitServiceStart,
  createLogger,
  databaseOptionsOf,
  loadSettings,
  resolveMasterKeyText,
  startCluster,
  stopOnShutdown,
  workerCountOf,
} from '@app/platform';
import { queryService, startProjectionThread } from './index';

/**
 * The query service on its own (split deployment): read routes, /live, and the projection runner on a
 * thread of its own (every instance runs one; the advisory lock lets one lead).
 */
// The master key: the conversations projection opens cloud conversations' sealed text
// (platform secrets/conversation-keys.ts).
// One worker per core (WEB_CONCURRENCY, README "Sizing workers"): each runs the whole service.
const once = loadSettings();
const role = await startCluster({
  workers: workerCountOf(once),
  logger: createLogger(once.LOG_LEVEL, 'query'),
});
if (role.role !== 'primary') {
  const start = splitServiceStart('query', { session: true, masterKey: true });
  const { settings, logger, databaseUrl } = start;
  const authOptions = orRefuseToStart(logger, () => serviceAuthOptions(settings));
  const database = await openMigratedDatabase(start);
  const masterKey = resolveMasterKeyText(settings);
  const runner = await startProjectionThread({
    databaseUrl,
    databaseOptions: databaseOptionsOf(settings),
    logLevel: logger.level,
    logger,
    ...(masterKey ? { masterKey } : {}),
  });
  const app = await createServiceApp({
    db: database.db,
    logger,
    sessionSecret: start.sessionSecret,
    ...authOptions,
  });
  await app.register(queryService({ db: database.db, databaseUrl, logger }));
  await app.listen({ port: settings.PORT, host: settings.HOST });
  stopOnShutdown(role, [() => app.close(), () => runner.stop(), () => database.close()]);
}
