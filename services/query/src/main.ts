import {
  createLogger,
  databaseOptionsOf,
  createServiceApp,
  loadSettings,
  migrateToLatest,
  onShutdown,
  openDatabase,
  orRefuseToStart,
  serviceAuthOptions,
} from '@app/platform';
import { allProjections, queryService, startProjectionRunner } from './index';

/**
 * The query service on its own (split deployment): read routes, /live, and the projection runner
 * (every instance runs one; the advisory lock lets one lead).
 */
const settings = loadSettings();
const logger = createLogger(settings.LOG_LEVEL, 'query');
if (!settings.DATABASE_URL || !settings.SESSION_SECRET) {
  logger.fatal('DATABASE_URL and SESSION_SECRET must be set for the split deployment');
  process.exit(1);
}
const databaseUrl = settings.DATABASE_URL;
const authOptions = orRefuseToStart(logger, () => serviceAuthOptions(settings));
const database = openDatabase(databaseUrl, { ...databaseOptionsOf(settings), logger });
await migrateToLatest(database.db);
const runner = await startProjectionRunner({
  db: database.db,
  databaseUrl,
  projections: allProjections,
  logger,
});
const app = await createServiceApp({
  db: database.db,
  logger,
  sessionSecret: settings.SESSION_SECRET,
  ...authOptions,
});
await app.register(queryService({ db: database.db, databaseUrl, logger }));
await app.listen({ port: settings.PORT, host: settings.HOST });
onShutdown(logger, [() => app.close(), () => runner.stop(), () => database.close()]);
