import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001_event_log';
import * as m0002 from './0002_admin_read_models';

export type { Database } from './schema';
export type * from './schema';

/** Ordered, forward-only. Add a file, then list it here. */
const migrations: Record<string, Migration> = {
  '0001_event_log': m0001,
  '0002_admin_read_models': m0002,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export type AnyDb = Kysely<unknown>;
