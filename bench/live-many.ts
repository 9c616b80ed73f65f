/**
 * Section 'live-many': /live with many subscribed sockets on one instance. The platform (one process,
 * bench/live-many-platform.ts) and the sockets (bench/live-many-clients.ts) each in a process of
 * their own, on loopback; the bench's process saves. Each save toggles a flag (POST configs update, as
 * section (b)); every socket is subscribed to featureFlags, so every save is pushed to every socket.
 * The /live cap is per user (20 sockets a user on one instance): the sockets are spread over as many
 * admins as that needs. BENCH_LIVE_MANY_SOCKETS (default 10,000), BENCH_LIVE_MANY_SAVES (default 50).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigsUpdateResponse, routes, type ConfigsUpdateRequest } from '@app/contracts';
import { untilAdmin } from './chat-cluster';
import { login } from './live-latency';
import type { BenchServer } from './server';
import { fixed, mean, thousands } from './stats';
import { table } from './table';

type Out = (line?: string) => void;
type EnvInt = (name: string, fallback: number) => number;

const here = path.dirname(fileURLToPath(import.meta.url));
const now = () => performance.timeOrigin + performance.now();
/** The per-user cap of /live on one instance (services/query/src/live/live-route.ts). */
const perUser = 20;
const saver = 'bench-live-saver@example.com';
const flag = 'benchLiveMany';
const warmUp = 5;

interface Child {
  ask<T>(message: object): Promise<T>;
  close(): Promise<void>;
}

/** `script` with tsx in a process of its own, spoken to over IPC (one question at a time). */
const startChild = (
  script: string,
  env: Record<string, string>,
  ready: string,
): Promise<Child & { url?: string }> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(here, script)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.once('exit', (code) => reject(new Error(`${script} exited (${String(code)})`)));
    child.once('message', (m: { type?: string; url?: string }) => {
      if (m.type !== ready) return reject(new Error(`${script} said ${JSON.stringify(m)}`));
      resolve({
        ...(m.url ? { url: m.url } : {}),
        ask: <T>(message: object) =>
          new Promise<T>((answered, failed) => {
            child.once('message', (a: T & { type?: string; message?: string }) =>
              a.type === 'error' ? failed(new Error(`${script}: ${a.message ?? ''}`)) : answered(a),
            );
            child.send(message);
          }),
        close: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

interface Report {
  fromAnswer: number[];
  fromRequest: number[];
  lastFromAnswer: number[];
  missed: number;
}

export interface LiveManyRun {
  sockets: number;
  saves: number;
  report: Report;
}

export interface LiveManyFigures {
  one: LiveManyRun;
  many: LiveManyRun;
  /** The platform's memory after a full collection, before the many sockets opened and once all were subscribed. */
  before: Memory;
  after: Memory;
}

const save = async (url: string, cookie: string, enabled: boolean) => {
  const body: ConfigsUpdateRequest = {
    configurations: [
      { type: 'featureFlags', data: { [flag]: { enabled, userExceptions: [], amplifyGroupExceptions: [] } } },
    ],
  };
  const sentAt = now();
  const res = await fetch(`${url}${routes.configsUpdate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const answeredAt = now();
  const parsed = ConfigsUpdateResponse.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`the save answered ${res.status}: ${text.slice(0, 300)}`);
  const answer = parsed.data;
  if (!answer.success) throw new Error(`save failed: ${JSON.stringify(answer)}`);
  return { sentAt, answeredAt, position: answer.position };
};

/**
 * Makes `users` admins (beside the saver) through the admin's save of the Admins section, at most
 * `adminsPerSave` added by each save: one save's events are projected in batches.
 */
const adminsPerSave = 200;
const makeAdmins = async (url: string, cookie: string, users: readonly string[]) => {
  for (let n = adminsPerSave; n < users.length + adminsPerSave; n += adminsPerSave) {
    const res = await fetch(`${url}${routes.configsUpdate}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: url },
      body: JSON.stringify({ configurations: [{ type: 'admins', data: [saver, ...users.slice(0, n)] }] }),
    });
    if (res.status !== 200) throw new Error(`saving the admins answered ${res.status}: ${await res.text()}`);
  }
};

/** Sequential saves, each once every socket had the one before; the first `warmUp` not counted. */
const run = async (url: string, cookie: string, clients: Child, sockets: number, saves: number) => {
  for (let i = 0; i < warmUp + saves; i++) {
    const s = await save(url, cookie, i % 2 === 0);
    await clients.ask({ type: 'expect', ...s });
    if (i === warmUp - 1) await clients.ask({ type: 'report' });
  }
  const report = await clients.ask<Report>({ type: 'report' });
  return { sockets, saves, report };
};

export const measureLiveMany = async (
  server: BenchServer,
  sockets: number,
  saves: number,
): Promise<LiveManyFigures> => {
  const database = await server.createDatabase({ max: 1 });
  const url = database.url;
  await database.close();
  const users = Array.from({ length: Math.ceil(sockets / perUser) }, (_, i) => `bench-live-${i}@example.com`);
  const started: Child[] = [];
  try {
    const platform = await startChild(
      'live-many-platform.ts',
      { BENCH_PLATFORM_DATABASE_URL: url, BENCH_LIVE_ADMINS: JSON.stringify([saver]) },
      'url',
    );
    started.push(platform);
    const clients = await startChild('live-many-clients.ts', {}, 'ready');
    started.push(clients);
    const at = platform.url ?? '';
    const cookie = await login(at, saver);
    await untilAdmin(at, cookie);
    await makeAdmins(at, cookie, users);
    await clients.ask({ type: 'open', url: at, users: [saver], perUser: 1 });
    const one = await run(at, cookie, clients, 1, saves);
    await clients.ask({ type: 'close' });
    await platform.ask({ type: 'idle' });
    const before = await platform.ask<Memory>({ type: 'memory' });
    const opened = await clients.ask<{ sockets: number }>({ type: 'open', url: at, users, perUser });
    if (opened.sockets !== users.length * perUser) throw new Error(`opened ${opened.sockets} sockets`);
    const after = await platform.ask<Memory>({ type: 'memory' });
    const many = await run(at, cookie, clients, opened.sockets, saves);
    await clients.ask({ type: 'close' });
    return { one, many, before, after };
  } finally {
    for (const c of started.reverse()) await c.close();
    await database.drop();
  }
};

/** Nearest-rank percentiles of many samples (sorted once; no spread of a large array). */
const spread = (xs: readonly number[]) => {
  const sorted = Float64Array.from(xs).sort();
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : (sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ??
        Number.NaN);
  return { p50: at(50), p99: at(99), max: at(100), mean: mean(xs) };
};

export const liveManySection = async (server: BenchServer, out: Out, envInt: EnvInt) => {
  const sockets = envInt('BENCH_LIVE_MANY_SOCKETS', 10_000);
  const saves = envInt('BENCH_LIVE_MANY_SAVES', 50);
  out(`(l) /live with ${thousands(sockets)} subscribed sockets on one instance, beside one socket`);
  try {
    const f = await measureLiveMany(server, sockets, saves);
    out(
      `    the sockets in a process of their own (${perUser} a user: the per-user cap), each subscribed to featureFlags;`,
    );
    out(
      `    ${saves} sequential saves after ${warmUp} unmeasured ones, each pushed to every socket; ` +
        `${f.one.report.missed + f.many.report.missed} pushes missed (none within 30 s)`,
    );
    out();
    const row = (label: string, xs: readonly number[]) => {
      const s = spread(xs);
      return [label, fixed(s.p50, 2), fixed(s.p99, 2), fixed(s.mean, 2), fixed(s.max, 2)];
    };
    const n = thousands(f.many.sockets);
    out(
      table(
        ['interval (ms)', 'p50', 'p99', 'mean', 'max'],
        [
          row('HTTP answer -> push, 1 socket', f.one.report.fromAnswer),
          row(`HTTP answer -> push, each of ${n} sockets`, f.many.report.fromAnswer),
          row(`HTTP answer -> the last of ${n} sockets (per save)`, f.many.report.lastFromAnswer),
          row('request sent -> push, 1 socket', f.one.report.fromRequest),
          row(`request sent -> push, each of ${n} sockets`, f.many.report.fromRequest),
        ],
      ),
    );
    out();
    const perSocket = (a: number, b: number) => `${fixed((b - a) / f.many.sockets / 1024, 1)} KiB`;
    const mib = (x: number) => fixed(x / 2 ** 20, 1);
    out(
      table(
        ['platform process memory (after a full GC)', 'before MiB', `${n} sockets MiB`, 'per socket'],
        [
          ['RSS', mib(f.before.rss), mib(f.after.rss), perSocket(f.before.rss, f.after.rss)],
          [
            'V8 heap used',
            mib(f.before.heapUsed),
            mib(f.after.heapUsed),
            perSocket(f.before.heapUsed, f.after.heapUsed),
          ],
          [
            'external (buffers)',
            mib(f.before.external),
            mib(f.after.external),
            perSocket(f.before.external, f.after.external),
          ],
        ],
      ),
    );
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
};
