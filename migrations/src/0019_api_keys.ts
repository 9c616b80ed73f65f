import type { Kysely } from 'kysely';

/** API keys (issue 10): filled in by the API keys work. */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // filled in by the work that owns it
}
