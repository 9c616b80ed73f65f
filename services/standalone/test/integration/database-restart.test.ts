import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigsUpdateResponse,
  LiveServerMessage,
  routes,
  sessionCookieName,
  type ChangedMessage,
} from '@app/contracts';
import { listen } from '@app/platform';
import { startPlatform } from '../../src/start-platform';
import {
  startRestartablePostgres,
  type RestartablePostgres,
} from '../../../platform/test/support/restartable-postgres';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let pg: RestartablePostgres;
let platform: Awaited<ReturnType<typeof startPlatform>>;

beforeAll(async () => {
  pg = await startRestartablePostgres();
  platform = await startPlatform({
    databaseUrl: pg.url,
    port: 0,
    host: '127.0.0.1',
    adminEmails: [ann, bob],
    logLevel: 'silent',
  });
}, 120_000);
afterAll(async () => {
  await platform?.close();
  await pg?.destroy();
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

const flags: Record<
  string,
  { enabled: boolean; userExceptions: string[]; amplifyGroupExceptions: string[] }
> = {};
/** Adds a flag (the section is sent whole); answers the save's position, or null when it failed. */
const saveFlag = async (cookie: string, name: string): Promise<string | null> => {
  const data = { ...flags, [name]: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } };
  const res = await fetch(`${platform.url}${routes.configsUpdate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: platform.url },
    body: JSON.stringify({ configurations: [{ type: 'featureFlags', data }] }),
  }).catch(() => null);
  if (res?.status !== 200) return null;
  const answer = ConfigsUpdateResponse.parse(await res.json());
  if (!answer.success) return null;
  Object.assign(flags, data);
  return answer.position;
};

describe('a restarted database', () => {
  it('loses no push: a /live client opened before the restart is told of a save made after it', async () => {
    const [annCookie, bobCookie] = [await signIn(ann), await signIn(bob)];
    const socket = new WebSocket(`${platform.url.replace(/^http/, 'ws')}${routes.live}`, {
      headers: { cookie: bobCookie },
      origin: platform.url,
    });
    const changes: ChangedMessage[] = [];
    socket.on('message', (raw: Buffer) => {
      const m = LiveServerMessage.parse(JSON.parse(raw.toString()));
      if (m.type === 'changed') changes.push(m);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'subscribe', readModels: ['featureFlags'] }));
    try {
      expect(await saveFlag(annCookie, 'before')).not.toBeNull();
      await expect.poll(() => changes.flatMap((c) => c.ids)).toContain('before');

      // Down for longer than the LISTEN connections used to keep trying (the loss and two retries):
      // a probe on the same backoff, which loses its connection with theirs, has failed a fifth time,
      // so theirs, however their waits fell, have failed at least four times.
      let probeFailures = 0;
      const probe = await listen(
        pg.url,
        ['restart_probe'],
        () => undefined,
        () => (probeFailures += 1),
        {
          name: 'restart probe',
        },
      );
      try {
        await pg.stop();
        await expect.poll(() => probeFailures, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(5);
      } finally {
        await probe.close();
      }
      await pg.start();

      // Saves fail while the pool finds its connections gone; then one lands.
      let position: string | null = null;
      await expect
        .poll(async () => (position = await saveFlag(annCookie, 'after')), { timeout: 60_000, interval: 500 })
        .not.toBeNull();
      await expect.poll(() => changes.flatMap((c) => c.ids), { timeout: 30_000 }).toContain('after');
      expect(socket.readyState).toBe(WebSocket.OPEN);
      expect(
        changes.some((c) => c.ids.includes('after') && BigInt(c.position) <= BigInt(position ?? '0')),
      ).toBe(true);
    } finally {
      socket.terminate();
    }
  }, 180_000);
});
