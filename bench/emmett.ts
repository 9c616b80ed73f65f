import pg from 'pg';
import { getPostgreSQLEventStore, type PostgresEventStore } from '@event-driven-io/emmett-postgresql';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';

/**
 * The peer: Emmett's PostgreSQL event store (its own schema, created on first use), on a pool of the
 * same size as ours, appending the same event to the same streams with the same version checks.
 */
export const openEmmett = (
  url: string,
  writers: number,
): { store: PostgresEventStore; close(): Promise<void> } => {
  const pool = new pg.Pool({ connectionString: url, max: writers });
  const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  return {
    store,
    close: async () => {
      await store.close();
      await pool.end();
    },
  };
};

export const emmettAppend = async (
  store: PostgresEventStore,
  stream: string,
  version: number,
  data: Record<string, unknown>,
): Promise<void> => {
  await store.appendToStream(stream, [{ type: 'BenchEventRecorded', data }], {
    expectedStreamVersion: version === 1 ? STREAM_DOES_NOT_EXIST : BigInt(version - 1),
  });
};
