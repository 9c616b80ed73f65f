import pg from 'pg';
import { getPostgreSQLEventStore, type PostgresEventStore } from '@event-driven-io/emmett-postgresql';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';

/**
 * Emmett's dumbo replaces pg's type parsers process-wide, once (bigint as BigInt, its own JSON):
 * after each Emmett case the rest of the bench (ours, the platform) gets the platform's back.
 */
const platformParsers = [
  [pg.types.builtins.INT8, (v: string) => v],
  [pg.types.builtins.JSON, (v: string): unknown => JSON.parse(v)],
  [pg.types.builtins.JSONB, (v: string): unknown => JSON.parse(v)],
] as const;

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
      try {
        await store.close();
        if (!pool.ended) await pool.end();
      } finally {
        for (const [oid, parser] of platformParsers) pg.types.setTypeParser(oid, parser);
      }
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
