import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * `conversation_keys`: the data key (a row of `data_keys`) each cloud conversation's text is sealed
 * under, one per conversation of an owner, made with the conversation's first request. Deleting the
 * conversation destroys the data key and drops this row in the delete's transaction, so its text in
 * the log can never be read again; a later request in it gets a new key. Command-side state written
 * with its events, like `data_keys`: no projection rebuilds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'conversation_keys',
    sql`
      owner text not null,
      conversation_id text not null,
      data_key_id text not null,
      created_at timestamptz not null default now(),
      primary key (owner, conversation_id)`,
  );
}
