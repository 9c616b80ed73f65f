import { sql, type Kysely } from 'kysely';

/**
 * The versions of a turn (the requests of a conversation that follow the same one, or none: its
 * first turn) found by an index: `coalesce(parent_request_id, '')` (a request id is never '').
 * A new request clears its siblings' choice; without this it read every turn of its conversation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index rm_conversation_turns_siblings
      on rm_conversation_turns (owner, conversation_id, (coalesce(parent_request_id, '')))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index rm_conversation_turns_siblings`.execute(db);
}
