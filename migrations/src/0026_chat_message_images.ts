import { sql, type Kysely } from 'kysely';

/**
 * `rm_conversation_messages.images`: the images a user message of a cloud conversation was sent
 * with (`[{key, name?}]`, the caller's uploaded files; null for a message without), so its
 * thumbnails show again when the conversation is opened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_conversation_messages add column images jsonb`.execute(db);
}
