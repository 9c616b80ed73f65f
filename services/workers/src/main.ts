import { createLogger, loadSettings, migrateToLatest, onShutdown, openDatabase } from '@app/platform';
import { processors, routes } from './jobs/registry';
import { startWorkers } from './index';

/**
 * The workers on their own (split deployment): needs DATABASE_URL; BullMQ runs on REDIS_URL when set,
 * else on its PostgreSQL backend in the same database. Any number of instances: one reactor leads,
 * every instance runs jobs.
 */
const settings = loadSettings();
const logger = createLogger(settings.LOG_LEVEL, 'workers');
if (!settings.DATABASE_URL) {
  logger.fatal('DATABASE_URL must be set for the split deployment');
  process.exit(1);
}
const databaseUrl = settings.DATABASE_URL;
const database = openDatabase(databaseUrl);
await migrateToLatest(database.db);
const workers = await startWorkers({
  db: database.db,
  databaseUrl,
  ...(settings.REDIS_URL ? { redisUrl: settings.REDIS_URL } : {}),
  logger,
  routes,
  processors,
});
onShutdown(logger, [() => workers.stop(), () => database.close()]);
