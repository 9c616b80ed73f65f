import { sql, type Kysely } from 'kysely';

/**
 * Conversation search (docs/architecture.md, "Conversation search"): a `tsvector` of each cloud
 * message's text and of each conversation's name, with the `simple` configuration (no language's
 * stemming or stop words: a conversation may be in any language, and a word typed is found as typed,
 * the last one as a prefix). Generated columns: every writer of these tables (the projection, a
 * rebuild, an import) is indexed without knowing it. A message is indexed on its first 100,000
 * characters (`conversationSearchLimits.scannedLength`), so a huge answer never exceeds a tsvector's
 * size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table rm_conversation_messages add column search tsvector
      generated always as (to_tsvector('simple', left(coalesce(content, ''), 100000))) stored`.execute(db);
  await sql`
    create index rm_conversation_messages_search on rm_conversation_messages using gin (search)`.execute(db);
  await sql`
    alter table rm_conversations add column name_search tsvector
      generated always as (to_tsvector('simple', coalesce(name, ''))) stored`.execute(db);
  await sql`create index rm_conversations_name_search on rm_conversations using gin (name_search)`.execute(
    db,
  );
}
