import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** The environment variable that names the migrated template the test databases are cloned from. */
export const TEST_TEMPLATE_VARIABLE = 'TEST_DATABASE_TEMPLATE';

/** Templates older than this are left over from a run that never reached its teardown. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

export const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export const adminQuery = async <R extends pg.QueryResultRow = pg.QueryResultRow>(
  serverUrl: string,
  text: string,
): Promise<R[]> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
};

/** `tpl_<creation time, base 36>_<random>`: unique per run, and its age readable from the name. */
const templateName = (now: number): string => `tpl_${now.toString(36)}_${randomBytes(4).toString('hex')}`;

const createdAt = (name: string): number | undefined => {
  const match = /^tpl_([0-9a-z]+)_[0-9a-f]+$/.exec(name);
  return match?.[1] ? parseInt(match[1], 36) : undefined;
};

/** Drops the templates of runs that ended without their teardown (killed, crashed). */
const dropStaleTemplates = async (serverUrl: string, now: number): Promise<void> => {
  const rows = await adminQuery<{ datname: string }>(
    serverUrl,
    `select datname from pg_database where datname like 'tpl\\_%'`,
  );
  for (const { datname } of rows) {
    const at = createdAt(datname);
    if (at !== undefined && now - at > STALE_AFTER_MS) {
      await adminQuery(serverUrl, `drop database if exists ${datname} with (force)`);
    }
  }
};

/**
 * Creates and migrates one template database for a test run and returns its name. Its pool is
 * closed before this returns: PostgreSQL clones a template only while nobody is connected to it.
 */
export const createTemplateDatabase = async (serverUrl: string): Promise<string> => {
  const now = Date.now();
  await dropStaleTemplates(serverUrl, now);
  const name = templateName(now);
  await adminQuery(serverUrl, `create database ${name}`);
  const handle = openDatabase(withDatabase(serverUrl, name), { max: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  return name;
};

export const dropTemplateDatabase = async (serverUrl: string, name: string): Promise<void> => {
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
};
