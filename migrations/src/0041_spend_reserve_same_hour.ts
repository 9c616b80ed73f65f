import { sql, type Kysely } from 'kysely';
import { noLater, reserveSpendAppendText, up as upBefore } from './0038_spend_reserve_function';

/**
 * `reserve_spend_append` again (migration 0038), one rule eased: a reservation appended since the
 * read-ahead with a later time than this one's no longer sends this one to the locked path when both
 * fall in the same UTC hour (docs/architecture.md, "Spend limits are ledgers in the log").
 *
 * A ledger keeps the hour, day and month windows of its latest time; a reservation is counted in the
 * windows of its own. Made after one later in another hour, its decision (taken in its own windows)
 * could differ from one taken on the ledger as it then is, so it is decided again under the locks,
 * as before. In the same hour the windows are the same (the day and month too), the sums do not
 * depend on their order, and what the others added is checked against the slack as before. Two
 * statements in flight on one ledger (two turns of one process, two workers) commit in either order,
 * and one user's burst sent every item of the statement that lost the race to the locked path.
 */
/** No later than this one's, or in the same UTC hour. */
const noLaterOrSameHour = (e: string, mine: string) =>
  `${noLater(e, mine)}
                  or date_trunc('hour', (${e}.data ->> 'at')::timestamptz at time zone 'UTC')
                    = date_trunc('hour', (${mine} ->> 'at')::timestamptz at time zone 'UTC')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(reserveSpendAppendText('create or replace', noLaterOrSameHour)).execute(db);
}

/** Back to migration 0038's rule. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function reserve_spend_append(int, int[], text[], bigint[], jsonb[], boolean[], float8[], int, jsonb)`.execute(
    db,
  );
  await upBefore(db);
}
