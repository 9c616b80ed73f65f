import { sql } from 'kysely';
import { usageRoutes } from '@app/contracts';
import { openDatabase, type Db } from '@app/platform';
import { allProjections, projectionLockKey } from '@app/query';
import { login } from './live-latency';
import type { BenchServer } from './server';
import { fixed, percentile, thousands } from './stats';
import { table } from './table';

const admin = 'bench-usage-admin@example.com';
const users = 500;
const models = 6;
const days = 365;
const start = '2025-11-27T00:00:00Z';

/**
 * Runs `load` with `table`'s indexes (its primary key and unique constraints included, as the
 * catalog defines them) dropped, then builds them again: a bulk load's order, the rows first.
 */
const indexesAfter = async (db: Db, table: string, load: () => Promise<void>): Promise<number> => {
  const { rows } = await sql<{ name: string; def: string; constraint: string | null }>`
    select i.relname as name, pg_get_indexdef(i.oid) as def, pg_get_constraintdef(c.oid) as constraint
    from pg_index x join pg_class i on i.oid = x.indexrelid
    left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid
    where x.indrelid = ${table}::regclass`.execute(db);
  for (const x of rows)
    await (
      x.constraint === null
        ? sql`drop index ${sql.id(x.name)}`
        : sql`alter table ${sql.id(table)} drop constraint ${sql.id(x.name)}`
    ).execute(db);
  await load();
  for (const x of rows)
    await (
      x.constraint === null
        ? sql.raw(x.def)
        : sql`alter table ${sql.id(table)} add constraint ${sql.id(x.name)} ${sql.raw(x.constraint)}`
    ).execute(db);
  return rows.length;
};

/**
 * `events` chat events (half ChatRequested, half ChatCompleted, in pairs) straight into the log with
 * one INSERT … generate_series (in the series' order: no sort), their times spread over a year; then
 * the roll-ups those events fold to, computed in SQL from the same series (day and hour rows of 500
 * users, 6 models, 3 accounts, 10 API keys) in bucket order, as time writes them (a report's range is
 * then a range of the table, not pages all over it). Both tables' indexes are built after their rows
 * (as a bulk load does). Then every projection's checkpoint at the log's head, so the platform does
 * not fold them again. The usage projection's fold itself is timed by the tests, not here. Answers
 * each phase's seconds.
 */
const seed = async (db: Db, events: number) => {
  const phases: string[] = [];
  let started = performance.now();
  const phase = (name: string) => {
    phases.push(`${name} ${fixed((performance.now() - started) / 1000, 1)} s`);
    started = performance.now();
  };
  await sql`set local work_mem = '256MB'`.execute(db);
  await sql`set local maintenance_work_mem = '512MB'`.execute(db);
  const requests = Math.floor(events / 2);
  const series = sql`from generate_series(0, ${requests - 1}::int) as i`;
  const at = sql`(${start}::timestamptz + (i::bigint * ${days * 86400}::bigint / ${requests}) * interval '1 second')`;
  const meta = sql`jsonb_build_object('actor', jsonb_build_object('email', 'u' || (i % ${users}) || '@example.com', 'kind', 'user'),
    'commandId', 'c' || i, 'correlationId', 'c' || i, 'causationId', 'c' || i, 'requestId', 'c' || i, 'schemaVersion', 1)`;
  const logIndexes = await indexesAfter(db, 'events', async () => {
    await sql`
      insert into events (stream_id, stream_version, event_type, data, metadata, recorded_at)
      select 'chat-r' || i, v, case v when 1 then 'ChatRequested' else 'ChatCompleted' end,
        case v when 1 then jsonb_build_object('requestId', 'r' || i, 'model', 'model-' || (i % ${models}),
            'accountId', 'coa-' || (i % 3), 'maxTokens', 1000, 'reserved', 0.1, 'messageCount', 1, 'storage', 'future-local')
          else jsonb_build_object('requestId', 'r' || i, 'durationMs', 100, 'usage', jsonb_build_object(
            'inputTokens', 100 + i % 900, 'outputTokens', 50 + i % 450, 'cachedTokens', 0, 'cost', (i % 100) / 10000.0)) end,
        ${meta}, ${at}
      from (select k / 2 as i, k % 2 + 1 as v from generate_series(0, ${2 * requests - 1}::int) as k) as s`.execute(
      db,
    );
  });
  phase(`log and its ${logIndexes} indexes`);
  const rollupIndexes = await indexesAfter(db, 'rm_usage_rollups', async () => {
    for (const [grain, unit] of [
      ['d', 'day'],
      ['h', 'hour'],
    ] as const) {
      await sql`
        insert into rm_usage_rollups (grain, group_name, bucket, user_email, model, account_id, api_key_id,
          requests, input_tokens, output_tokens, cached_tokens, cost)
        select ${grain}, '', date_trunc(${unit}, ${at}, 'UTC'), 'u' || (i % ${users}) || '@example.com',
          'model-' || (i % ${models}), 'coa-' || (i % 3), case when i % 4 = 0 then 'key-' || (i % 10) else '' end,
          count(*), sum(100 + i % 900), sum(50 + i % 450), 0, sum((i % 100) / 10000.0)
        ${series} group by 3, 4, 5, 6, 7 order by 3, 4, 5, 6, 7`.execute(db);
    }
  });
  phase(`roll-ups and their ${rollupIndexes} indexes`);
  await sql`
    insert into checkpoints (name, transaction_id, global_position)
    select 'projection:' || p.name, e.transaction_id, e.global_position
    from unnest(${allProjections.map((p) => p.name)}::text[]) as p(name)
    cross join (select transaction_id, global_position from events order by global_position desc limit 1) as e
    on conflict (name) do update set transaction_id = excluded.transaction_id, global_position = excluded.global_position`.execute(
    db,
  );
  return phases;
};

/** p50 and p99 of `n` rounds (after 5 unmeasured), each round one call of every case, interleaved. */
const timed = async (n: number, cases: readonly (() => Promise<unknown>)[]) => {
  for (let i = 0; i < 5; i++) for (const work of cases) await work();
  const samples = cases.map((): number[] => []);
  for (let i = 0; i < n; i++)
    for (const [c, work] of cases.entries()) {
      const started = performance.now();
      await work();
      samples[c]?.push(performance.now() - started);
    }
  return samples.map((s) => ({ p50: percentile(s, 50), p99: percentile(s, 99) }));
};

/** The reports timed: a year by day, a month by model, a year by user, a month by hour, a day. */
const reports = [
  { by: 'day', from: '2025-11-27', to: '2026-11-27', grain: 'd', key: sql`bucket` },
  { by: 'model', from: '2026-10-01', to: '2026-11-01', grain: 'd', key: sql`model` },
  { by: 'user', from: '2025-11-27', to: '2026-11-27', grain: 'd', key: sql`user_email` },
  { by: 'hour', from: '2026-10-01', to: '2026-10-31', grain: 'h', key: sql`bucket` },
  // A day by day: one row, so what is left is the API's own cost (HTTP, session, admin check, JSON).
  { by: 'day', from: '2026-10-01', to: '2026-10-02', grain: 'd', key: sql`bucket` },
] as const;

export const usageSection = async (
  server: BenchServer,
  out: (line?: string) => void,
  envInt: (name: string, fallback: number) => number,
) => {
  const events = envInt('BENCH_USAGE_EVENTS', 1_000_000);
  const n = envInt('BENCH_USAGE', 50);
  out(`(u) Usage reports (GET ${usageRoutes.admin}) over a log of ${thousands(events)} chat events`);
  try {
    const { startPlatform } = await import('@app/standalone');
    const database = await server.createDatabase({ max: 1 });
    const url = database.url;
    await database.db.destroy();
    const platform = await startPlatform({
      databaseUrl: url,
      port: 0,
      host: '127.0.0.1',
      adminEmails: [admin],
      logLevel: 'silent',
    });
    // No statement timeout: at 1,000,000 events the seed's statements run longer than the pool's bound.
    const plain = openDatabase(url, { max: 1, statementTimeoutMs: 0 });
    try {
      const cookie = await login(platform.url, admin);
      // The seed moves every checkpoint to the log's head: first the projections fold what the
      // platform wrote at its start (the admins among it), or the admin would never become one.
      const ask = (path: string) => fetch(`${platform.url}${path}`, { headers: { cookie } });
      const probe = `${usageRoutes.admin}?from=2026-01-01&to=2026-01-02`;
      for (let tries = 0; (await ask(probe)).status === 403; tries++) {
        if (tries >= 240) throw new Error(`${admin} never became an admin`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const seeding = performance.now();
      // Under the projections' lock: the runner waits, then finds its checkpoints at the new head.
      const phases = await plain.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${projectionLockKey}::int, 0)`.execute(trx);
        return seed(trx, events);
      });
      // As autovacuum leaves a table loaded once: statistics and the visibility map, so plans are real ones.
      const vacuuming = performance.now();
      await sql`vacuum analyze rm_usage_rollups`.execute(plain.db);
      await sql`analyze events`.execute(plain.db);
      phases.push(`vacuum analyze ${fixed((performance.now() - vacuuming) / 1000, 1)} s`);
      const seedSeconds = (performance.now() - seeding) / 1000;
      const rollupRows = await sql<{ n: string }>`select count(*)::text as n from rm_usage_rollups`.execute(
        plain.db,
      );
      out(
        `    seeded in ${fixed(seedSeconds, 1)} s straight in SQL (${phases.join(', ')}; ${thousands(Number(rollupRows.rows[0]?.n))} roll-up rows); ${n} rounds, API and floor interleaved`,
      );
      const rows: string[][] = [];
      for (const r of reports) {
        const path = `${usageRoutes.admin}?by=${r.by}&from=${r.from}&to=${r.to}`;
        const [http, floor] = await timed(n, [
          async () => {
            const res = await ask(path);
            if (!res.ok) throw new Error(`usage answered ${res.status}`);
            await res.arrayBuffer();
          },
          // The floor: the same roll-up rows, grouped the same way, read straight in SQL.
          () =>
            sql`select ${r.key} as key, sum(requests), sum(input_tokens), sum(output_tokens), sum(cost)
              from rm_usage_rollups where grain = ${r.grain} and group_name = '' and bucket >= ${r.from}::timestamptz
              and bucket < ${r.to}::timestamptz group by 1`.execute(plain.db),
        ]);
        rows.push([
          `by ${r.by}, ${r.from} to ${r.to}`,
          fixed(http?.p50 ?? Number.NaN, 1),
          fixed(http?.p99 ?? Number.NaN, 1),
          fixed(floor?.p50 ?? Number.NaN, 1),
          fixed(floor?.p99 ?? Number.NaN, 1),
          fixed((http?.p50 ?? Number.NaN) / (floor?.p50 ?? Number.NaN), 2),
        ]);
      }
      out();
      out(table(['report (ms)', 'API p50', 'API p99', 'floor SQL p50', 'floor SQL p99', 'p50 ×'], rows));
    } finally {
      await plain.close();
      await platform.close();
      await database.drop();
    }
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
};
