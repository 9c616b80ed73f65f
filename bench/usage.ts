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
 * `events` chat events (half ChatRequested, half ChatCompleted, in pairs) straight into the log with
 * one INSERT … generate_series, their times spread over a year; then the roll-ups those events fold
 * to, computed in SQL from the same series (day and hour rows of 500 users, 6 models, 3 accounts, 10
 * API keys); then every projection's checkpoint at the log's head, so the platform does not fold them
 * again. The usage projection's fold itself is timed by the tests, not here.
 */
const seed = async (db: Db, events: number) => {
  const requests = events / 2;
  const series = sql`from generate_series(0, ${requests - 1}::int) as i`;
  const at = sql`(${start}::timestamptz + (i::bigint * ${days * 86400}::bigint / ${requests}) * interval '1 second')`;
  const meta = sql`jsonb_build_object('actor', jsonb_build_object('email', 'u' || (i % ${users}) || '@example.com', 'kind', 'user'),
    'commandId', 'c' || i, 'correlationId', 'c' || i, 'causationId', 'c' || i, 'requestId', 'c' || i, 'schemaVersion', 1)`;
  await sql`
    insert into events (stream_id, stream_version, event_type, data, metadata, recorded_at)
    select 'chat-r' || i, v, case v when 1 then 'ChatRequested' else 'ChatCompleted' end,
      case v when 1 then jsonb_build_object('requestId', 'r' || i, 'model', 'model-' || (i % ${models}),
          'accountId', 'coa-' || (i % 3), 'maxTokens', 1000, 'reserved', 0.1, 'messageCount', 1, 'storage', 'future-local')
        else jsonb_build_object('requestId', 'r' || i, 'durationMs', 100, 'usage', jsonb_build_object(
          'inputTokens', 100 + i % 900, 'outputTokens', 50 + i % 450, 'cachedTokens', 0, 'cost', (i % 100) / 10000.0)) end,
      ${meta}, ${at}
    ${series} cross join (values (1), (2)) as s(v)
    order by i, v`.execute(db);
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
      ${series} group by 3, 4, 5, 6, 7`.execute(db);
  }
  await sql`
    insert into checkpoints (name, transaction_id, global_position)
    select 'projection:' || p.name, e.transaction_id, e.global_position
    from unnest(${allProjections.map((p) => p.name)}::text[]) as p(name)
    cross join (select transaction_id, global_position from events order by global_position desc limit 1) as e
    on conflict (name) do update set transaction_id = excluded.transaction_id, global_position = excluded.global_position`.execute(
    db,
  );
};

const timed = async (n: number, work: () => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
};

/** The reports timed: a year by day, a month by model, a year by user. */
const reports = [
  { by: 'day', from: '2025-11-27', to: '2026-11-27', grain: 'd', key: sql`bucket` },
  { by: 'model', from: '2026-10-01', to: '2026-11-01', grain: 'd', key: sql`model` },
  { by: 'user', from: '2025-11-27', to: '2026-11-27', grain: 'd', key: sql`user_email` },
  { by: 'hour', from: '2026-10-01', to: '2026-10-31', grain: 'h', key: sql`bucket` },
] as const;

export const usageSection = async (
  server: BenchServer,
  out: (line?: string) => void,
  envInt: (name: string, fallback: number) => number,
) => {
  const events = process.env['BENCH_FULL'] === '1' ? 1_000_000 : envInt('BENCH_USAGE_EVENTS', 100_000);
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
    const plain = openDatabase(url, { max: 1 });
    try {
      const cookie = await login(platform.url, admin);
      const seeding = performance.now();
      // Under the projections' lock: the runner waits, then finds its checkpoints at the new head.
      await plain.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${projectionLockKey}::int, 0)`.execute(trx);
        await seed(trx, events);
      });
      await sql`analyze rm_usage_rollups`.execute(plain.db);
      const seedSeconds = (performance.now() - seeding) / 1000;
      const rollupRows = await sql<{ n: string }>`select count(*)::text as n from rm_usage_rollups`.execute(
        plain.db,
      );
      out(
        `    seeded in ${fixed(seedSeconds, 1)} s straight in SQL (events and their roll-ups, ${thousands(Number(rollupRows.rows[0]?.n))} rows); ${n} rounds; BENCH_FULL=1: 1,000,000 events`,
      );
      const rows: string[][] = [];
      for (const r of reports) {
        const path = `${usageRoutes.admin}?by=${r.by}&from=${r.from}&to=${r.to}`;
        const http = await timed(n, async () => {
          const res = await fetch(`${platform.url}${path}`, { headers: { cookie } });
          if (!res.ok) throw new Error(`usage answered ${res.status}`);
          await res.arrayBuffer();
        });
        const floor = await timed(n, () =>
          sql`select ${r.key} as key, sum(requests), sum(input_tokens), sum(output_tokens), sum(cost)
            from rm_usage_rollups where grain = ${r.grain} and group_name = '' and bucket >= ${r.from}::timestamptz
            and bucket < ${r.to}::timestamptz group by 1`.execute(plain.db),
        );
        rows.push([
          `by ${r.by}, ${r.from} to ${r.to}`,
          fixed(http.p50, 2),
          fixed(http.p95, 2),
          fixed(floor.p50, 2),
          fixed(floor.p95, 2),
        ]);
      }
      out();
      out(table(['report (ms)', 'API p50', 'API p95', 'floor SQL p50', 'floor SQL p95'], rows));
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
