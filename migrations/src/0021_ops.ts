import type { Kysely } from 'kysely';

/** Ops (issue 10). */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // filled in by the work that owns it
}
