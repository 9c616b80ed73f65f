import { sql, type Kysely } from 'kysely';

/**
 * `rm_conversation_turns`: each request's model and assistant (from its ChatRequested), its tokens
 * in and out and its cost (from its end event), so an export says who answered what at what cost.
 * Filled from the events logged before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table rm_conversation_turns
      add column model text,
      add column assistant_id text,
      add column tokens_in integer,
      add column tokens_out integer,
      add column cost double precision`.execute(db);
  await sql`
    update rm_conversation_turns as t
    set model = e.data->>'model', assistant_id = e.data->>'assistantId'
    from events as e
    where e.stream_id = 'chat-' || t.request_id and e.event_type = 'ChatRequested'`.execute(db);
  await sql`
    update rm_conversation_turns as t
    set tokens_in = (e.data->'usage'->>'inputTokens')::integer,
      tokens_out = (e.data->'usage'->>'outputTokens')::integer,
      cost = (e.data->'usage'->>'cost')::double precision
    from events as e
    where e.stream_id = 'chat-' || t.request_id
      and e.event_type in ('ChatCompleted', 'ChatStopped', 'ChatFailed')`.execute(db);
}
