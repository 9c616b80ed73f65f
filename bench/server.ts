import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

export interface BenchServer {
  /** Where the databases live, for the report. */
  source: string;
  /** A fresh, migrated database of its own on that server (dropped by its `drop()`). */
  createDatabase(options?: { max?: number }): Promise<TestDatabase>;
  stop(): Promise<void>;
}

/**
 * The server of DATABASE_URL when set (the bench makes fresh databases on it and drops them, so it
 * never writes into the one DATABASE_URL names), else an embedded PostgreSQL of its own in a temporary
 * folder, removed at the end.
 */
export const startBenchServer = async (): Promise<BenchServer> => {
  if (process.env['DATABASE_URL']) {
    return {
      source: 'DATABASE_URL server (fresh databases, dropped afterwards)',
      createDatabase: (o) => createTestDatabase(o),
      stop: () => Promise.resolve(),
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-pg-'));
  const embedded = await startEmbeddedPostgres(dir, { database: 'postgres' });
  // createTestDatabase makes its databases on the server this names.
  process.env['TEST_DATABASE_ADMIN_URL'] = embedded.adminUrl;
  return {
    source: `embedded PostgreSQL in ${dir} (removed afterwards)`,
    createDatabase: (o) => createTestDatabase(o),
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
};
