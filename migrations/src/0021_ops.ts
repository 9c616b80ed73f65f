import type { Kysely } from 'kysely';

/**
 * Ops: no table. The ops are folded from their streams (`ops-system`, `userOps-<email>`,
 * snapshotted like every decider's state) by the command service, which also calls them; the
 * migration keeps its number so the ones after it stay in order.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // nothing to create
}
