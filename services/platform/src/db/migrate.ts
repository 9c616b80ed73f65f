import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from '@app/migrations';
import type { Db } from './database';

/** Runs every pending migration; throws with the failing migration's name. */
export const migrateToLatest = async (db: Db): Promise<string[]> => {
  // On one connection without the pool's statement timeout: a migration (or the wait for another
  // process's migration lock) may take longer than any request should.
  const { error, results } = await db.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn);
    try {
      return await new Migrator({ db: conn, provider: migrationProvider }).migrateToLatest();
    } finally {
      await sql`reset statement_timeout`.execute(conn).catch(() => undefined);
    }
  });
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Migration failed${name}: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
