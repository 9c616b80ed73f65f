import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contracts';
import { freeLoopbackPort } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

/**
 * `npm start` with WEB_CONCURRENCY=2: the primary forks two workers that answer on one port; a
 * worker killed is replaced while the other answers; SIGTERM drains both and ends with 0.
 */
const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');
const admin = 'ann@example.com';

let database: TestDatabase;
let dataDir: string;
let port: number;
let primary: ChildProcess;
let exited: Promise<number | null>;
/** The primary's and the workers' JSON log lines. */
const lines: { msg?: string; worker?: number; pid?: number }[] = [];

const waitFor = async <T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 60_000,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** The pid of worker `index` once it listens (the newest, after a replacement). */
const listening = (index: number, not?: number) =>
  lines.filter((l) => l.msg === 'worker listening' && l.worker === index && l.pid !== not).at(-1)?.pid;

/** One request on a connection of its own: the cluster hands each connection to a worker in turn. */
const request = (
  method: string,
  url: string,
  opts: { body?: unknown } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> =>
  new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      `http://127.0.0.1:${port}${url}`,
      {
        method,
        agent: false,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const healthy = async () => (await request('GET', routes.health)).status;

const parentOf = (pid: number): number =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  database = await createTestDatabase({ max: 1 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'cluster-test-'));
  port = await freeLoopbackPort();
  primary = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      PATH: process.env['PATH'] ?? '',
      WEB_CONCURRENCY: '2',
      DATABASE_URL: database.url,
      AUTH_MODE: 'dev',
      ADMIN_EMAILS: admin,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  exited = new Promise((r) => primary.once('exit', (code) => r(code)));
  let rest = '';
  primary.stdout?.on('data', (d: Buffer) => {
    const text = rest + d.toString('utf8');
    const all = text.split('\n');
    rest = all.pop() ?? '';
    for (const l of all)
      if (l.startsWith('{')) lines.push(JSON.parse(l) as { msg?: string; worker?: number; pid?: number });
  });
  await waitFor('two workers listening', () => listening(1) && listening(2), 300_000);
}, 330_000);

afterAll(async () => {
  if (primary.exitCode === null) primary.kill('SIGKILL');
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start with WEB_CONCURRENCY=2', () => {
  it('runs two workers, children of the primary, on one port', async () => {
    const pids = [listening(1), listening(2)] as number[];
    expect(new Set(pids).size).toBe(2);
    for (const pid of pids) expect(parentOf(pid)).toBe(primary.pid);
    for (let i = 0; i < 4; i++) expect(await healthy()).toBe(200);
  });

  it('replaces a worker that dies, and the other answers meanwhile', async () => {
    const first = listening(1) ?? 0;
    const second = listening(2) ?? 0;
    process.kill(first, 'SIGKILL');
    await waitFor('the death noticed', () => lines.some((l) => l.msg === 'worker died: replacing it'));
    for (let i = 0; i < 3; i++) expect(await healthy()).toBe(200);
    const replacement = await waitFor('a replacement', () => listening(1, first), 150_000);
    expect(parentOf(replacement)).toBe(primary.pid);
    // With the other killed too, what answers is the replacement.
    process.kill(second, 'SIGKILL');
    await waitFor('the second death noticed', () => !alive(second));
    await waitFor('the replacement answering', () =>
      healthy().then(
        (s) => s === 200,
        () => false,
      ),
    );
    for (let i = 0; i < 3; i++) expect(await healthy()).toBe(200);
    await waitFor('the second replacement', () => listening(2, second), 150_000);
  }, 300_000);

  it('drains every worker on SIGTERM and ends with 0', async () => {
    const pids = [listening(1), listening(2)] as number[];
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  }, 60_000);
});
