import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigsResponse,
  ConfigsUpdateResponse,
  LiveServerMessage,
  ProjectionsResponse,
  projectedHeader,
  projectionMessages,
  rateLimitStreamId,
  routes,
  sessionCookieName,
  type ChangedMessage,
  type EventMetadata,
} from '@app/contracts';
import { appendToStream, loggerOptions, readStream } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { startPlatform, type RunningPlatform } from '../../src/start-platform';

/**
 * One malformed event in a section's stream, as an operator could append it by hand: the section's
 * projection sets it aside and goes on, so a later save of that section shows (read model and
 * `/live`); the event is listed, /healthz says degraded, and `npm run events -- retry|skip` act on it.
 * The command side leaves such an event out of its fold, so the save is decided at all.
 */
const ann = 'ann@example.com';
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/events-cli.ts');

let database: TestDatabase;
let platform: RunningPlatform;
/** The platform's warnings and errors (JSON lines, after the platform's redaction). */
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ max: 2 });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  platform = await startPlatform({
    databaseUrl: database.url,
    port: 0,
    host: '127.0.0.1',
    adminEmails: [ann],
    logger: pino(loggerOptions('warn', 'test'), sink),
  });
});
afterAll(async () => {
  await platform?.close();
  await database?.drop();
});

const signIn = async (email: string): Promise<string> => {
  const res = await fetch(`${platform.url}${routes.devLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName}=`));
  return (cookie ?? '').split(';')[0] ?? '';
};

const watch = async (cookie: string) => {
  const socket = new WebSocket(`${platform.url.replace(/^http/, 'ws')}${routes.live}`, {
    headers: { cookie },
    origin: platform.url,
  });
  const changes: ChangedMessage[] = [];
  let subscribed: () => void = () => undefined;
  socket.on('message', (raw: Buffer) => {
    const m = LiveServerMessage.parse(JSON.parse(raw.toString()));
    if (m.type === 'subscribed') subscribed();
    if (m.type === 'changed') changes.push(m);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await new Promise<void>((resolve) => {
    subscribed = resolve;
    socket.send(JSON.stringify({ type: 'subscribe', readModels: ['emailSupport'] }));
  });
  return { socket, changes };
};

const events = (...args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'silent', DATABASE_URL: database.url },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

const health = async () => {
  const res = await fetch(`${platform.url}${routes.health}`);
  return (await res.json()) as {
    status: string;
    checks: Record<string, { status: string; detail?: string }>;
  };
};

const handMade: EventMetadata = {
  actor: { email: 'ops@example.com', kind: 'system' },
  commandId: 'by-hand',
  correlationId: 'by-hand',
  causationId: 'by-hand',
  requestId: 'by-hand',
  schemaVersion: 1,
};

describe('a malformed event in a section stream', () => {
  it('is set aside: a later save shows, the event is listed, /healthz is degraded, a retry is refused (a later event was folded), skip clears it', async () => {
    const cookie = await signIn(ann);
    const { socket, changes } = await watch(cookie);
    try {
      // Straight into the log: the address is not a string, so it fails the card's contract.
      const bad = await appendToStream(
        database.db,
        'config-emailSupport',
        [{ type: 'SupportEmailAddressChanged', data: { email: 42 } }],
        { expectedVersion: 'any', metadata: handMade },
      );

      const res = await fetch(`${platform.url}${routes.configsUpdate}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: platform.url },
        body: JSON.stringify({
          configurations: [{ type: 'emailSupport', data: { isActive: true, email: 'help@example.com' } }],
        }),
      });
      expect(res.status).toBe(200);
      const answer = ConfigsUpdateResponse.parse(await res.json());
      expect(answer.projected).toBe(true);
      expect(res.headers.get(projectedHeader)).toBe('true');

      // The save shows: in the read model, read right after the answer, and on /live.
      const read = await fetch(`${platform.url}${routes.configs}`, { headers: { cookie } });
      expect(ConfigsResponse.parse(await read.json()).data.emailSupport).toEqual({
        isActive: true,
        email: 'help@example.com',
      });
      await expect
        .poll(() => changes.some((c) => c.readModel === 'emailSupport' && c.position === answer.position))
        .toBe(true);

      // Listed as set aside, with its error, by the API and by the CLI.
      const listed = await fetch(`${platform.url}${routes.projections}`, { headers: { cookie } });
      const status = ProjectionsResponse.parse(await listed.json()).data.find(
        (s) => s.name === 'emailSupport',
      );
      expect(status).toMatchObject({ lag: 0, failing: null, setAsideCount: 1 });
      expect(status?.setAside).toMatchObject([
        { position: bad.position, eventType: 'SupportEmailAddressChanged', parked: true },
      ]);
      expect(status?.setAside[0]?.error).toMatch(/does not fit its contract: data\.email: .*expected string/);
      const projections = await events('projections');
      expect(projections.code).toBe(0);
      expect(projections.stderr).toContain(`emailSupport at ${bad.position} (set aside)`);
      const fromCli = ProjectionsResponse.shape.data.parse(JSON.parse(projections.stdout));
      expect(fromCli.find((s) => s.name === 'emailSupport')?.setAside.map((e) => e.position)).toEqual([
        bad.position,
      ]);

      await expect.poll(async () => (await health()).status).toBe('degraded');
      expect((await health()).checks['parked events']?.detail).toContain(
        'emailSupport: SupportEmailAddressChanged set aside',
      );

      // Retried: refused (exit code 1), since the save after it was folded: folding the set-aside
      // event now would put an older address back. The refusal names the rebuild to run instead.
      const retried = await events('retry', '--projection', 'emailSupport');
      expect(retried.code).toBe(1);
      expect(retried.stderr).toContain(
        projectionMessages.retryWouldReorder('emailSupport', bad.position, 'config-emailSupport'),
      );
      const still = await events('projections');
      expect(still.stderr).toContain(`emailSupport at ${bad.position} (set aside)`);

      // Skipped: it stays out of the read model, and is no longer listed.
      const skipped = await events(
        'skip',
        '--projection',
        'emailSupport',
        '--position',
        bad.position,
        '--by',
        'ops@example.com',
      );
      expect(skipped.code).toBe(0);
      expect(JSON.parse(skipped.stdout)).toMatchObject({ skipped: { position: bad.position } });
      const after = await fetch(`${platform.url}${routes.projections}`, { headers: { cookie } });
      expect(
        ProjectionsResponse.parse(await after.json()).data.find((s) => s.name === 'emailSupport')?.setAside,
      ).toEqual([]);
      await expect.poll(async () => (await health()).checks['parked events']?.status).toBe('ok');
      const reread = await fetch(`${platform.url}${routes.configs}`, { headers: { cookie } });
      expect(ConfigsResponse.parse(await reread.json()).data.emailSupport.email).toBe('help@example.com');

      // The skip is a command on projection-emailSupport, with its actor; the refused retry is not.
      const recorded = await readStream(database.db, 'projection-emailSupport');
      expect(recorded.map((e) => e.type)).toEqual(['ParkedEventSkipped']);
      expect(recorded[0]?.metadata.actor.email).toBe('ops@example.com');
    } finally {
      socket.terminate();
    }
    // Four runs of the events CLI, each a process of its own loading tsx: on a busy 2-core machine
    // that alone can pass the 30 s default. A bound, not a timing: nothing here asserts time.
  }, 120_000);

  it('with data null is left out of the command side fold too: later saves of the section answer 200 and show', async () => {
    const cookie = await signIn(ann);
    // Straight into the log: no data at all, so the section's evolve would throw on it.
    const bad = await appendToStream(
      database.db,
      rateLimitStreamId,
      [{ type: 'ChatRateLimitChanged', data: null }],
      { expectedVersion: 'any', metadata: handMade },
    );
    const save = async (rateLimit: { period: string; rate: number | null }) => {
      const res = await fetch(`${platform.url}${routes.configsUpdate}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: platform.url },
        body: JSON.stringify({ configurations: [{ type: 'rateLimit', data: rateLimit }] }),
      });
      expect(res.status).toBe(200);
      expect(ConfigsUpdateResponse.parse(await res.json()).projected).toBe(true);
      const read = await fetch(`${platform.url}${routes.configs}`, { headers: { cookie } });
      return ConfigsResponse.parse(await read.json()).data.rateLimit;
    };

    expect(await save({ period: 'Daily', rate: 12.34 })).toEqual({ period: 'Daily', rate: 12.34 });
    expect(await save({ period: 'Hourly', rate: 5 })).toEqual({ period: 'Hourly', rate: 5 });
    const recorded = await readStream(database.db, rateLimitStreamId);
    expect(recorded.map((e) => e.type)).toEqual(Array(3).fill('ChatRateLimitChanged'));

    // Warned of once (two saves folded it), by stream, version and type: never the event's data.
    const warnings = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line['streamId'] === rateLimitStreamId);
    expect(warnings).toEqual([
      expect.objectContaining({
        streamVersion: bad.nextExpectedVersion,
        eventType: 'ChatRateLimitChanged',
        reason: 'contract',
      }),
    ]);
    expect(Object.keys(warnings[0] ?? {})).not.toContain('data');
  });
});
