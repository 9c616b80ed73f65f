import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * `rm_conversation_turns`: every request of a conversation (cloud and local: ids only, no content),
 * the request it follows (`parent_request_id`, null for the first turn: the requests with one parent
 * are the versions of a turn), its place in the log (`position`, its ChatRequested's) and whether it
 * is the version of its turn the user last turned to (`chosen`). Filled from the cloud conversations'
 * messages kept so far, each request following the one before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'rm_conversation_turns',
    sql`
      request_id text primary key,
      owner text not null,
      conversation_id text not null,
      parent_request_id text,
      position bigint not null,
      chosen boolean not null default false`,
  );
  await sql`
    create index rm_conversation_turns_conversation
      on rm_conversation_turns (owner, conversation_id, position)`.execute(db);
  await sql`
    insert into rm_conversation_turns (request_id, owner, conversation_id, parent_request_id, position)
    select request_id, owner, conversation_id,
      lag(request_id) over (partition by owner, conversation_id order by first_position, request_id),
      first_position
    from (
      select request_id, owner, conversation_id, min(position) as first_position
      from rm_conversation_messages
      group by request_id, owner, conversation_id
    ) as requests
    on conflict (request_id) do nothing`.execute(db);
}
