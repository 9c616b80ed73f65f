import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

export interface BenchServer {
  /** Where the databases live, for the report. */
  source: string;
  /** A fresh, migrated database of its own on that server (dropped by its `drop()`). */
  createDatabase(options?: { max?: number }): Promise<TestDatabase>;
  /**
   * Waits for the server to be quiet before a section: a checkpoint written and no autovacuum worker
   * running (at most 60 s), so a section does not pay for the writes of the one before (a rebuild of
   * a million events leaves dirty pages and tables to vacuum). False when it could not ask.
   */
  quiet(): Promise<boolean>;
  stop(): Promise<void>;
}

const quietWaitMs = 60_000;

const quietServer = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('checkpoint');
    const deadline = Date.now() + quietWaitMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'",
      );
      if ((rows[0]?.n ?? 0) === 0) return true;
      await new Promise((r) => setTimeout(r, 200));
    }
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

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
      quiet: () => quietServer(process.env['DATABASE_URL'] ?? ''),
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
    quiet: () => quietServer(embedded.adminUrl),
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
};
