import { Migrator } from 'kysely/migration';
import { migrationProvider } from '@app/migrations';
import type { Db } from './database';

/** Runs every pending migration; throws with the failing migration's name. */
export const migrateToLatest = async (db: Db): Promise<string[]> => {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Migration failed${name}: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
