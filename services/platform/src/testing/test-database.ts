import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/**
 * The server tests use: DATABASE_URL when set (CI and the development machines), else the embedded
 * server the global setup started (TEST_DATABASE_ADMIN_URL).
 */
export const testServerUrl = (): string => {
  const url = process.env['TEST_DATABASE_ADMIN_URL'] ?? process.env['DATABASE_URL'];
  if (!url) throw new Error('No test database: set DATABASE_URL or run through vitest (global setup)');
  return url;
};

const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const adminQuery = async (sql: string): Promise<void> => {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

export interface TestDatabase extends DatabaseHandle {
  name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file. */
export const createTestDatabase = async (options: { max?: number } = {}): Promise<TestDatabase> => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = withDatabase(testServerUrl(), name);
  const handle = openDatabase(url, options);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    name,
    drop: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
};
