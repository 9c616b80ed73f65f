import { sql, type Kysely } from 'kysely';

/**
 * `rate_limit_counters`: the request budgets every instance shares when there is no Redis
 * (`services/platform/src/http/rate-limit-store.ts`). One row per caller key (`commands:user:…`,
 * `commands:address:…`, `sign-in:…`): how many requests its current window has counted and when
 * that window ends. A request is one upsert; rows whose window has ended are pruned.
 *
 * Unlogged: a counter is worth a minute at most, so it is not worth a WAL record on every request
 * (after a crash the table is empty and every budget starts afresh).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table rate_limit_counters (
      key text primary key,
      count integer not null,
      resets_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limit_counters_resets_at on rate_limit_counters (resets_at)`.execute(db);
}
