import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '@app/migrations';

// bigint (int8) as string: positions exceed 2^53 only in theory, but never lose precision.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export const openDatabase = (url: string, options: { max?: number } = {}): DatabaseHandle => {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client's error (the server went away) must not crash the process.
  pool.on('error', () => undefined);
  // ...and neither must one that dies while checked out: the query in flight fails, the process lives.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    pool,
    url,
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
};
