import { sql, type Kysely } from 'kysely';

/**
 * `append_to_stream`: an append in one round trip. It checks the expected version against the
 * stream's head, inserts the events and answers the new version and the last global position, all in
 * one statement, so an append outside a transaction is one autocommitted statement.
 *
 * `p_expected`: the version the caller saw (0: no stream yet), or -1 for any version.
 * `p_events`: a JSON array of `{ "type": ..., "data": ... }`.
 *
 * The unique (stream_id, stream_version) stays the backstop: a writer that read the same head
 * waits for the first one's commit, inserts nothing, and fails. A conflict raises SQLSTATE EV409
 * with the head as it is then (version, last actor, when) as JSON in DETAIL: the caller's
 * transaction is aborted, and the error can still say who changed the stream.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function append_to_stream(p_stream_id text, p_expected bigint, p_events jsonb, p_metadata jsonb)
    returns table (next_version bigint, last_position bigint)
    language plpgsql
    as $$
    declare
      v_head bigint;
      v_count int := jsonb_array_length(p_events);
      v_inserted int;
      v_last bigint;
    begin
      select coalesce(max(stream_version), 0) into v_head from events where stream_id = p_stream_id;
      if p_expected >= 0 and v_head <> p_expected then
        perform append_to_stream_conflict(p_stream_id);
      end if;
      if v_count = 0 then
        return query select v_head, (select global_position from events
          where stream_id = p_stream_id and stream_version = v_head);
        return;
      end if;
      with inserted as (
        insert into events (stream_id, stream_version, event_type, data, metadata)
        select p_stream_id, v_head + e.ord, e.value ->> 'type', e.value -> 'data', p_metadata
        from jsonb_array_elements(p_events) with ordinality as e(value, ord)
        order by e.ord
        on conflict (stream_id, stream_version) do nothing
        returning global_position
      )
      select count(*), max(global_position) into v_inserted, v_last from inserted;
      if v_inserted <> v_count then
        perform append_to_stream_conflict(p_stream_id);
      end if;
      return query select v_head + v_count, v_last;
    end
    $$`.execute(db);
  // A statement of its own: it sees the winner's commit (READ COMMITTED takes a new snapshot per
  // statement of a volatile function).
  await sql`
    create function append_to_stream_conflict(p_stream_id text) returns void
    language plpgsql
    as $$
    declare
      v_head jsonb;
    begin
      select jsonb_build_object(
          'version', stream_version,
          'actor', metadata -> 'actor' ->> 'email',
          'at', recorded_at)
        into v_head
        from events where stream_id = p_stream_id order by stream_version desc limit 1;
      raise exception using
        errcode = 'EV409',
        message = 'stream ' || p_stream_id || ' moved on',
        detail = coalesce(v_head, '{"version": 0}'::jsonb)::text;
    end
    $$`.execute(db);
}
