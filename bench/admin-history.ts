import { sql } from 'kysely';
import { adminHistoryRoutes, type EventMetadata } from '@app/contracts';
import { appendToStream, openDatabase, type Db } from '@app/platform';
import { login } from './live-latency';
import type { BenchServer } from './server';
import { fixed, percentile, thousands } from './stats';
import { table } from './table';

const admins = ['bench-ann@example.com', 'bench-bob@example.com'];

const metadataOf = (actor: string, n: number): EventMetadata => ({
  actor: { email: actor, kind: 'admin' },
  commandId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  correlationId: `req-history-${n}`,
  causationId: `req-history-${n}`,
  requestId: `req-history-${n}`,
  schemaVersion: 1,
});

/** `events` feature-flag edits by two admins in turn (1,000 per save): 500 flags created, then toggled and given exceptions. */
const eventsOf = (events: number) =>
  Array.from({ length: events }, (_, i) => {
    const name = `flag${i % 500}`;
    const round = Math.floor(i / 500);
    return round === 0
      ? { type: 'FeatureFlagCreated', data: { name } }
      : round % 3 === 1
        ? { type: 'FeatureFlagEnabled', data: { name } }
        : round % 3 === 2
          ? { type: 'FeatureFlagUserExceptionAdded', data: { name, email: `u${round}@example.com` } }
          : { type: 'FeatureFlagDisabled', data: { name } };
  });

export interface HistoryCase {
  name: string;
  http: { p50: number; p99: number };
  sql: { p50: number; p99: number };
}

export interface HistoryFigures {
  events: number;
  rows: number;
  projectSeconds: number;
  cases: HistoryCase[];
}

const timeEach = async (n: number, f: () => Promise<unknown>): Promise<{ p50: number; p99: number }> => {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
};

/**
 * Waits (at most a minute) until the log reads all `events` forward: it reads up to the oldest
 * transaction open on the server, which may be another database's (a test, another bench).
 */
const untilReadable = async (db: Db, events: number): Promise<void> => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())`.execute(db);
    if (Number(rows[0]?.n ?? 0) >= events) return;
    if (Date.now() > deadline) throw new Error('the appended events did not become readable within a minute');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * GET /api/admin/history (a page of 100) over `events` admin events (folded by the history
 * projection's own rebuild, the other projections started past them), through the whole platform,
 * beside the floor: the same rows read straight in SQL from the projection's table.
 */
export const measureAdminHistory = async (
  server: BenchServer,
  events: number,
  reads: number,
): Promise<HistoryFigures> => {
  const { startPlatform } = await import('@app/standalone');
  const { allProjections, rebuild } = await import('@app/query');
  const history = allProjections.find((p) => p.name === 'adminHistory');
  if (!history) throw new Error('no adminHistory projection');
  const database = await server.createDatabase({ max: 2 });
  const url = database.url;
  const plain = openDatabase(url, { max: 1 });
  let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
  try {
    const all = eventsOf(events);
    for (let start = 0; start < all.length; start += 1000)
      await appendToStream(database.db, 'config-featureFlags', all.slice(start, start + 1000), {
        expectedVersion: start === 0 ? 'no-stream' : start,
        metadata: metadataOf(admins[(start / 1000) % 2] ?? '', start),
      });
    await untilReadable(plain.db, events);
    // The history's rows folded by its own rebuild (the platform's runner would fold every projection),
    // a batch of 1,000 events at a time (its `applyBatch`).
    const t0 = performance.now();
    await rebuild(database.db, history);
    const projectSeconds = (performance.now() - t0) / 1000;
    // Every other projection starts past these events: the platform has nothing left to fold.
    await sql`insert into checkpoints (name, transaction_id, global_position, updated_at)
      select 'projection:' || p.name, e.transaction_id, e.global_position, now()
      from unnest(${allProjections.map((p) => p.name)}::text[]) as p(name),
        (select transaction_id, global_position from events order by global_position desc limit 1) e
      on conflict (name) do nothing`.execute(plain.db);
    platform = await startPlatform({
      databaseUrl: url,
      port: 0,
      host: '127.0.0.1',
      adminEmails: admins,
      logLevel: 'silent',
    });
    const platformUrl = platform.url;
    const cookie = await login(platformUrl, admins[0] ?? '');
    const rows = Number(
      (await sql<{ n: string }>`select count(*)::text as n from rm_admin_history`.execute(plain.db)).rows[0]
        ?.n ?? 0,
    );
    const get = (query: string) => async () => {
      const res = await fetch(`${platformUrl}${adminHistoryRoutes.history}${query}`, {
        headers: { cookie },
      });
      if (res.status !== 200) throw new Error(`GET history${query}: ${res.status}`);
      return res.text();
    };
    const select = (where: ReturnType<typeof sql>) => () =>
      sql`select * from rm_admin_history where kind = 'changes' ${where} order by position desc, ord desc limit 101`.execute(
        plain.db,
      );
    const middle = await sql<{
      position: string;
      ord: number;
    }>`select position::text, ord from rm_admin_history order by position desc, ord desc offset 50000 limit 1`.execute(
      plain.db,
    );
    const cursor = `${middle.rows[0]?.position ?? '0'}.${middle.rows[0]?.ord ?? 0}`;
    const [cp, co] = [middle.rows[0]?.position ?? '0', middle.rows[0]?.ord ?? 0];
    const cases: [string, string, ReturnType<typeof sql>][] = [
      ['newest page', '', sql``],
      ['one admin', `?actor=${admins[1]}`, sql`and actor = ${admins[1]}`],
      [
        'one item (section and flag)',
        '?section=featureFlags&item=flag7',
        sql`and section = 'featureFlags' and item = 'flag7'`,
      ],
      [
        'a page 50,000 rows back (cursor)',
        `?cursor=${cursor}`,
        sql`and (position, ord) < (${cp}::bigint, ${co}::int)`,
      ],
      ['CSV of the newest page', '?format=csv', sql``],
    ];
    const out: HistoryCase[] = [];
    for (const [name, query, where] of cases) {
      await timeEach(10, get(query));
      await timeEach(10, select(where));
      out.push({ name, http: await timeEach(reads, get(query)), sql: await timeEach(reads, select(where)) });
    }
    return { events, rows, projectSeconds, cases: out };
  } finally {
    await plain.close();
    await platform?.close();
    await database.drop();
  }
};

type Out = (line?: string) => void;
type EnvInt = (name: string, fallback: number) => number;

/** (y) The History view's read: GET /api/admin/history beside the same rows read straight in SQL. */
export const adminHistorySection = async (server: BenchServer, out: Out, envInt: EnvInt) => {
  const events = envInt('BENCH_HISTORY_EVENTS', 100_000);
  const reads = envInt('BENCH_HISTORY_READS', 200);
  out(`(y) Admin history: GET /api/admin/history (a page of 100) over ${thousands(events)} admin events`);
  try {
    const f = await measureAdminHistory(server, events, reads);
    out(
      `    ${thousands(f.events)} events appended; the history projection's rebuild folded them in ${fixed(f.projectSeconds, 1)} s: ${thousands(f.rows)} history rows`,
    );
    out();
    out(
      table(
        ['page (ms)', 'HTTP p50', 'HTTP p99', 'SQL p50 (floor)', 'SQL p99', 'p50 ÷ floor'],
        f.cases.map((c) => [
          c.name,
          fixed(c.http.p50, 2),
          fixed(c.http.p99, 2),
          fixed(c.sql.p50, 2),
          fixed(c.sql.p99, 2),
          `${fixed(c.http.p50 / c.sql.p50, 1)} ×`,
        ]),
      ),
    );
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
};
