import { databaseOptionsOf } from '../db/timeouts';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createLogger, type Logger } from '../logging/logger';
import { createSecretBox, type SecretBox } from '../secrets/envelope';
import { resolveMasterKey } from '../secrets/resolve-master-key';
import { loadSettings, type Settings } from '../settings';
import { orRefuseToStart } from './refuse-to-start';

/** What a service started on its own (split deployment) has once it may run. */
export interface SplitService {
  settings: Settings;
  logger: Logger;
  databaseUrl: string;
}

/** Beyond DATABASE_URL, what the service cannot start without. */
export interface SplitServiceNeeds {
  /** SESSION_SECRET (a service that signs users in). */
  session?: boolean;
  /** APP_MASTER_KEY or APP_MASTER_KEY_FILE (a service that seals or opens secrets). */
  masterKey?: boolean;
}

const listed = (names: readonly string[]): string =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names.join('');

/**
 * The start of every split-deployment main: settings, the service's logger and the master key when
 * it needs one. Without what it needs it says so and exits 1.
 */
export function splitServiceStart(
  service: string,
  needs: { session: true; masterKey: true },
): SplitService & { sessionSecret: string; secrets: SecretBox };
export function splitServiceStart(
  service: string,
  needs: { session: true },
): SplitService & { sessionSecret: string };
export function splitServiceStart(
  service: string,
  needs: { masterKey: true },
): SplitService & { secrets: SecretBox };
export function splitServiceStart(
  service: string,
  needs: SplitServiceNeeds,
): SplitService & { sessionSecret?: string; secrets?: SecretBox } {
  const settings = loadSettings();
  const logger = createLogger(settings.LOG_LEVEL, service);
  const masterKey = needs.masterKey ? orRefuseToStart(logger, () => resolveMasterKey(settings)) : undefined;
  const databaseUrl = settings.DATABASE_URL;
  const sessionSecret = settings.SESSION_SECRET;
  if (!databaseUrl || (needs.session && !sessionSecret) || (needs.masterKey && !masterKey)) {
    const names = [
      'DATABASE_URL',
      ...(needs.session ? ['SESSION_SECRET'] : []),
      ...(needs.masterKey ? ['APP_MASTER_KEY (or APP_MASTER_KEY_FILE)'] : []),
    ];
    logger.fatal(`${listed(names)} must be set for the split deployment`);
    process.exit(1);
  }
  return {
    settings,
    logger,
    databaseUrl,
    ...(sessionSecret ? { sessionSecret } : {}),
    ...(masterKey ? { secrets: createSecretBox(masterKey) } : {}),
  };
}

/** The service's database, opened with the settings' pool and timeouts and migrated to the latest schema. */
export const openMigratedDatabase = async ({
  settings,
  logger,
  databaseUrl,
}: SplitService): Promise<DatabaseHandle> => {
  const database = openDatabase(databaseUrl, { ...databaseOptionsOf(settings), logger });
  await migrateToLatest(database.db);
  return database;
};
