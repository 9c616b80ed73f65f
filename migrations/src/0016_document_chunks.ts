import type { Kysely } from 'kysely';

/** Placeholder: filled in by the issue 9 work that owns it. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
