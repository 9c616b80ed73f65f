import {
  createLogger,
  createServiceApp,
  loadSettings,
  migrateToLatest,
  onShutdown,
  openDatabase,
  sessionTokens,
} from '@app/platform';
import { commandService, seedAdmins } from './index';

/** The command service on its own (split deployment): needs DATABASE_URL and SESSION_SECRET. */
const settings = loadSettings();
const logger = createLogger(settings.LOG_LEVEL, 'command');
if (!settings.DATABASE_URL || !settings.SESSION_SECRET) {
  logger.fatal('DATABASE_URL and SESSION_SECRET must be set for the split deployment');
  process.exit(1);
}
const database = openDatabase(settings.DATABASE_URL);
await migrateToLatest(database.db);
await seedAdmins(database.db, settings.ADMIN_EMAILS);
const app = await createServiceApp({
  db: database.db,
  logger,
  tokens: sessionTokens(settings.SESSION_SECRET),
  devLogin: settings.AUTH_MODE === 'dev',
});
await app.register(commandService({ db: database.db }));
await app.listen({ port: settings.PORT, host: settings.HOST });
onShutdown(logger, [() => app.close(), () => database.close()]);
