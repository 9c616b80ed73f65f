import { sql, type Kysely } from 'kysely';

/**
 * `rm_conversations`: the model and the assistant of a conversation's latest request (`model`,
 * `assistant_id`; null for rows from before, or no assistant), so the pickers show them when it is
 * opened again; and its own settings (`instructions`, `temperature`; null until saved).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table rm_conversations
      add column model text,
      add column assistant_id text,
      add column instructions text,
      add column temperature double precision`.execute(db);
}
