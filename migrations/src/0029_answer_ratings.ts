import { sql, type Kysely } from 'kysely';

/**
 * `rm_conversation_turns`: the owner's latest rating of each request's answer (`rating`, 'good' or
 * 'bad', null: not rated) and its comment (`rating_comment`, null: none), so the rating shows again
 * when the conversation is opened. Filled from the `AnswerRated` events logged before it: per
 * request, the latest of those its conversation's owner gave.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table rm_conversation_turns
      add column rating text,
      add column rating_comment text`.execute(db);
  await sql`
    update rm_conversation_turns as t
    set rating = r.rating, rating_comment = r.comment
    from (
      select distinct on (e.data->>'requestId')
        e.data->>'requestId' as request_id, e.data->>'rating' as rating, e.data->>'comment' as comment
      from events as e
      join rm_conversation_turns as o
        on o.request_id = e.data->>'requestId' and o.owner = e.metadata->'actor'->>'email'
      where e.event_type = 'AnswerRated'
      order by e.data->>'requestId', e.global_position desc
    ) as r
    where t.request_id = r.request_id`.execute(db);
}
