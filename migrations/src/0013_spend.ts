import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * Spend as the query side reads it, projected from the spend ledgers (`spend-user-…`,
 * `spend-group-…`, `spend-account-…`): per ledger (`scope`, its stream id) and window ('h:…', 'd:…',
 * 'm:…', 'total'), the dollars settled and those held by open reservations. And the users' accounts
 * (COA) with their limits, from `accounts-<email>`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'rm_spend_totals',
    sql`
      scope text not null,
      window_key text not null,
      settled double precision not null default 0,
      reserved double precision not null default 0,
      primary key (scope, window_key)`,
  );
  await createTable(
    db,
    'rm_spend_accounts',
    sql`
      email text not null,
      account_id text not null,
      position integer not null,
      name text not null,
      rate_limit jsonb not null,
      primary key (email, account_id)`,
  );
}
