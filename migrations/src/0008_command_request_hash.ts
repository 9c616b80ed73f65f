import { sql, type Kysely } from 'kysely';

/**
 * What request a command result answers: a hash of (method, route, canonical body) for commands
 * sent with an Idempotency-Key, so a key reused for another request is refused instead of being
 * answered with this result. Null for commands the platform runs itself (seeding, workers) and for
 * results stored before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table command_results add column request_hash text`.execute(db);
}
