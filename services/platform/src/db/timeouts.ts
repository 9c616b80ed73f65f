import { sql } from 'kysely';
import type { Db } from './database';
import type { Settings } from '../settings';
import type { DatabaseOptions } from './database';

/**
 * Lifts the pool's statement timeout for the rest of the transaction `trx` (a rebuild, a backfill):
 * its statements may run as long as they need; the next transaction on the connection has the bound again.
 */
export const liftStatementTimeout = async (trx: Db): Promise<void> => {
  await sql`set local statement_timeout = 0`.execute(trx);
};

/** The timeouts of openDatabase, from the settings. */
export const databaseOptionsOf = (
  settings: Pick<Settings, 'DB_STATEMENT_TIMEOUT_MS' | 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'>,
): Pick<DatabaseOptions, 'statementTimeoutMs' | 'idleInTransactionTimeoutMs'> => ({
  statementTimeoutMs: settings.DB_STATEMENT_TIMEOUT_MS,
  idleInTransactionTimeoutMs: settings.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
});
