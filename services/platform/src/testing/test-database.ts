import { randomBytes } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { adminQuery, TEST_TEMPLATE_VARIABLE, withDatabase } from './template-database';

/**
 * The server tests use: DATABASE_URL when set (CI and the development machines), else the embedded
 * server the global setup started (TEST_DATABASE_ADMIN_URL).
 */
export const testServerUrl = (): string => {
  const url = process.env['TEST_DATABASE_ADMIN_URL'] ?? process.env['DATABASE_URL'];
  if (!url) throw new Error('No test database: set DATABASE_URL or run through vitest (global setup)');
  return url;
};

/** PostgreSQL's answer while another session is connected to the template (object_in_use). */
const TEMPLATE_IN_USE = '55006';
const CLONE_ATTEMPTS = 5;

const isTemplateInUse = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === TEMPLATE_IN_USE;

/**
 * Clones the template. PostgreSQL refuses while any session is connected to the template (one that
 * just closed can linger a moment), after waiting up to 5 s for it to leave; the clone then tries
 * again, a few times.
 */
const cloneTemplate = async (name: string, template: string): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(testServerUrl(), `create database ${name} template ${template}`);
      return;
    } catch (error) {
      if (!isTemplateInUse(error) || attempt >= CLONE_ATTEMPTS) throw error;
      await wait(50 + Math.floor(Math.random() * 100));
    }
  }
};

export interface TestDatabase extends DatabaseHandle {
  name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own for one test file: a clone of the run's migrated template
 * (TEST_DATABASE_TEMPLATE, made by the global setup), else an empty database migrated here.
 */
export const createTestDatabase = async (options: { max?: number } = {}): Promise<TestDatabase> => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = process.env[TEST_TEMPLATE_VARIABLE];
  if (template) await cloneTemplate(name, template);
  else await adminQuery(testServerUrl(), `create database ${name}`);
  const url = withDatabase(testServerUrl(), name);
  const handle = openDatabase(url, options);
  if (!template) await migrateToLatest(handle.db);
  return {
    ...handle,
    name,
    drop: async () => {
      await handle.close();
      await adminQuery(testServerUrl(), `drop database if exists ${name} with (force)`);
    },
  };
};
