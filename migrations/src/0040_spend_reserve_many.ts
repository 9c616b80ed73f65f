import { sql, type Kysely } from 'kysely';

/**
 * `reserve_spend_append_many`: the acceptances (and settles) that are ready in one turn of the loop,
 * in one statement (docs/architecture.md, "Spend limits are ledgers in the log"). `p_items` is a JSON
 * array; each item holds the arguments of one `reserve_spend_append` call (`lockKeys`, `streams`,
 * `expected`, `events`, `ledger`, `slack`, `snapshotEvery`, `metadata`).
 *
 * The advisory locks of every item are taken first, all in one sorted order (as `lockLedgers` takes
 * them), so two batches never wait on each other in a cycle. Each item then runs as
 * `reserve_spend_append` would on its own, in a subtransaction: an item whose stream moved on (EV409)
 * or that fails is undone alone and answers its error (`o_code`, `o_message`, `o_detail`); one whose
 * ledger moved on in a way that could change its decision answers `o_appended` false, nothing
 * appended. The items' appends commit together, with the statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function reserve_spend_append_many(p_lock_space int, p_items jsonb)
    returns table (o_item int, o_appended boolean, o_code text, o_message text, o_detail text)
    language plpgsql
    as $$
    declare
      v_item jsonb;
      v_ord int;
    begin
      perform count(pg_advisory_xact_lock(p_lock_space, k.key))
        from (
          select distinct (jsonb_array_elements_text(i.value -> 'lockKeys'))::int as key
          from jsonb_array_elements(p_items) as i
          order by 1
        ) as k;
      for v_item, v_ord in select i.value, i.ord::int from jsonb_array_elements(p_items) with ordinality as i(value, ord) loop
        o_item := v_ord;
        o_code := null;
        o_message := null;
        o_detail := null;
        begin
          select count(*) > 0 into o_appended
            from reserve_spend_append(
              p_lock_space,
              array(select x::int from jsonb_array_elements_text(v_item -> 'lockKeys') with ordinality as a(x, n) order by n),
              array(select x from jsonb_array_elements_text(v_item -> 'streams') with ordinality as a(x, n) order by n),
              array(select x::bigint from jsonb_array_elements_text(v_item -> 'expected') with ordinality as a(x, n) order by n),
              array(select x from jsonb_array_elements(v_item -> 'events') with ordinality as a(x, n) order by n),
              array(select x::boolean from jsonb_array_elements_text(v_item -> 'ledger') with ordinality as a(x, n) order by n),
              array(select x::float8 from jsonb_array_elements_text(v_item -> 'slack') with ordinality as a(x, n) order by n),
              (v_item ->> 'snapshotEvery')::int,
              v_item -> 'metadata');
        exception when others then
          o_appended := false;
          get stacked diagnostics o_code = returned_sqlstate, o_message = message_text, o_detail = pg_exception_detail;
        end;
        return next;
      end loop;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function reserve_spend_append_many(int, jsonb)`.execute(db);
}
