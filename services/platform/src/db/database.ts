import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '@app/migrations';
import type { Logger } from '../logging/logger';

// bigint (int8) as string: positions exceed 2^53 only in theory, but never lose precision.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

/**
 * The pg pool behind a Db that `openDatabase` made (not a transaction's): for the few hot
 * statements worth a named prepared statement, parsed and planned once per connection.
 */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

/**
 * The rows of `text` with `values`: on a pool, as the named prepared statement `name` (parsed and
 * planned once per connection, for statements asked on every request); in a transaction, as is.
 */
export const preparedRows = async <R>(
  db: Db,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<R[]> => {
  const pool = poolOf(db);
  if (pool) return (await pool.query<R & pg.QueryResultRow>({ name, text, values: [...values] })).rows;
  return (await db.executeQuery<R>(CompiledQuery.raw(text, [...values]))).rows;
};

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

/** The bounds every pooled connection starts with (the settings' defaults); 0 lifts a bound. */
export const defaultStatementTimeoutMs = 30_000;
export const defaultIdleInTransactionTimeoutMs = 60_000;
/** How long a pooled connection may stay unused before the pool closes it. */
export const defaultPoolIdleTimeoutMs = 5 * 60_000;

export interface DatabaseOptions {
  max?: number;
  /** A pooled connection unused this long is closed (default defaultPoolIdleTimeoutMs). */
  idleTimeoutMs?: number;
  /** A statement running longer is cancelled (its transaction fails). */
  statementTimeoutMs?: number;
  /** A transaction left open without a statement this long is ended by the server (its locks freed). */
  idleInTransactionTimeoutMs?: number;
  /** Where pool errors go (warn); without one they are dropped. */
  logger?: Pick<Logger, 'warn' | 'debug'>;
  /**
   * false: the connections commit without waiting for the WAL flush (`synchronous_commit` off), for a
   * pool of rows that may be lost in a crash (a chat stream's chunks). Default: the server's setting.
   */
  synchronousCommit?: boolean;
}

/** The pg pool options of a DatabaseOptions: each pooled connection starts with both bounds. */
export const poolConfigOf = (url: string, options: DatabaseOptions = {}): pg.PoolConfig => ({
  connectionString: url,
  max: options.max ?? 10,
  // A connection idle this long is closed. Minutes, not pg's 10 s: a burst after a quiet spell finds
  // its connections open, rather than paying a server process's start for each (docs/architecture.md).
  idleTimeoutMillis: options.idleTimeoutMs ?? defaultPoolIdleTimeoutMs,
  // pg sends neither when 0: the server's own setting (no bound by default) applies.
  statement_timeout: options.statementTimeoutMs ?? defaultStatementTimeoutMs,
  idle_in_transaction_session_timeout:
    options.idleInTransactionTimeoutMs ?? defaultIdleInTransactionTimeoutMs,
  ...(options.synchronousCommit === false ? { options: '-c synchronous_commit=off' } : {}),
});

/**
 * The platform's pool. Only its connections carry the timeouts: the LISTEN and advisory-lock
 * connections (pg.Client of their own) and BullMQ's PostgreSQL backend (its own pools) do not.
 */
export const openDatabase = (url: string, options: DatabaseOptions = {}): DatabaseHandle => {
  const pool = new pg.Pool(poolConfigOf(url, options));
  const log = options.logger;
  // An idle client's error (the server went away) must not crash the process: logged, and the pool
  // replaces the client on the next checkout.
  pool.on('error', (e) => log?.warn({ err: e }, 'database connection lost (idle pooled client)'));
  // ...and neither must one that dies while checked out: the query in flight fails (its caller sees
  // the error), the process lives. An idle client's error also lands here: debug only, not twice at warn.
  pool.on('connect', (client) =>
    client.on('error', (e) => log?.debug({ err: e }, 'database connection error')),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
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
