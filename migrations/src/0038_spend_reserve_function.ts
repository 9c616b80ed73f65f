import { sql, type Kysely } from 'kysely';

/**
 * `reserve_spend_append`: a chat request's acceptance in one statement (docs/architecture.md,
 * "Spend limits are ledgers in the log"). The spend guard decided the reservation in TypeScript on the ledgers read ahead,
 * each at a version; this takes the ledgers' advisory locks (`p_lock_space`, `p_lock_keys` sorted,
 * as `lockLedgers` takes them), then, for each ledger (`p_ledger`), compares what was read ahead with
 * the ledger as it is now, and appends everything (the ledgers at their heads, the caller's streams
 * at their expected versions, with `append_to_stream`) only when the decision still holds:
 *
 * - the ledger has not moved on, or every event since is a reservation or a settle of another
 *   request, no later than a reservation appended (`at`; a settle keeps its reservation's time),
 *   adding at most `p_slack` (dollars: what the tightest limit still allowed once the amount was
 *   counted; null, no limit) to its spend;
 * - the append does not make the ledger's next snapshot (the locked path writes it).
 *
 * Otherwise it appends nothing and answers no rows: the caller decides again under the locks. A
 * caller's stream that moved on raises EV409 (`append_to_stream`). Each statement of a volatile
 * function sees what committed before it (READ COMMITTED): the reads see the lock holder's commit.
 *
 * The function's text, made by `create` (or `create or replace`) with `laterHolds`: when a
 * reservation since (`e`) with a later time than this one's (`v_event`) still leaves its decision
 * holding (here never; migration 0041 eases it).
 */
export const reserveSpendAppendText = (
  create: string,
  laterHolds: (e: string, mine: string) => string,
): string => `
    ${create} function reserve_spend_append(
      p_lock_space int, p_lock_keys int[],
      p_streams text[], p_expected bigint[], p_events jsonb[], p_ledger boolean[], p_slack float8[],
      p_snapshot_every int, p_metadata jsonb)
    returns table (o_ord int, o_next_version bigint, o_last_position bigint)
    language plpgsql
    as $$
    declare
      v_expected bigint[] := p_expected;
      v_head bigint;
      v_event jsonb;
      v_count int;
      v_added float8;
      v_holds boolean;
    begin
      perform count(pg_advisory_xact_lock(p_lock_space, k)) from unnest(p_lock_keys) as k;
      for i in 1 .. coalesce(array_length(p_streams, 1), 0) loop
        continue when not p_ledger[i];
        select coalesce(max(stream_version), 0) into v_head from events where stream_id = p_streams[i];
        if v_head < p_expected[i] then
          return;
        end if;
        if v_head > p_expected[i] then
          v_event := p_events[i] -> 0 -> 'data';
          select count(*),
              coalesce(sum(case when e.event_type = 'SpendReserved' then (e.data ->> 'amount')::float8
                else greatest((e.data ->> 'amount')::float8 - (e.data ->> 'reserved')::float8, 0) end), 0),
              coalesce(bool_and(coalesce(e.event_type in ('SpendReserved', 'SpendSettled')
                and e.data ->> 'requestId' <> v_event ->> 'requestId'
                and (p_events[i] -> 0 ->> 'type' <> 'SpendReserved'
                  or ${laterHolds('e', 'v_event')}), false)), true)
            into v_count, v_added, v_holds
            from events e
            where e.stream_id = p_streams[i] and e.stream_version > p_expected[i];
          if not v_holds or (p_slack[i] is not null and v_added + 1e-9 * (v_count + 1) > p_slack[i]) then
            return;
          end if;
        end if;
        if p_snapshot_every > 0 and (v_head + 1) % p_snapshot_every = 0 then
          return;
        end if;
        v_expected[i] := v_head;
      end loop;
      return query
        select s.ord::int, a.next_version, a.last_position
        from unnest(p_streams, v_expected, p_events) with ordinality as s(stream_id, expected, events, ord)
        cross join lateral append_to_stream(s.stream_id, s.expected, s.events, p_metadata) as a
        order by s.ord;
    end
    $$`;

/** Only a reservation no later than this one's. */
export const noLater = (e: string, mine: string) =>
  `(${e}.data ->> 'at')::timestamptz <= (${mine} ->> 'at')::timestamptz`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(reserveSpendAppendText('create', noLater)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function reserve_spend_append(int, int[], text[], bigint[], jsonb[], boolean[], float8[], int, jsonb)`.execute(
    db,
  );
}
