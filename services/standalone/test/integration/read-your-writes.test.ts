import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigsResponse,
  ConfigsUpdateResponse,
  LiveServerMessage,
  routes,
  sessionCookieName,
  type ChangedMessage,
} from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { startPlatform, type RunningPlatform } from '../../src/start-platform';

/**
 * A save answers once its events are in the read models and their `/live` pushes are sent, so a
 * watcher never trails the saver and a read right after the answer sees it: with the projections on a
 * thread of their own, as `npm start` runs them, and on the loop that answers requests.
 */
const ann = 'ann@example.com';
const bob = 'bob@example.com';

let database: TestDatabase;
let platform: RunningPlatform;

/** A step that must end within `ms`, or fails naming itself (a stuck step says which it was). */
const within = <T>(ms: number, step: string, work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${step}: no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

const signIn = async (email: string): Promise<string> => {
  const res = await fetch(`${platform.url}${routes.devLogin}`, {
    signal: AbortSignal.timeout(10_000),
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
  await within(
    10_000,
    'the /live socket opening',
    new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('close', (code) => reject(new Error(`/live closed before it opened (${code})`)));
    }),
  );
  await within(
    10_000,
    'the /live subscription',
    new Promise<void>((resolve) => {
      subscribed = resolve;
      socket.send(JSON.stringify({ type: 'subscribe', readModels: ['featureFlags'] }));
    }),
  );
  return { socket, changes };
};

describe.each([
  ['on a thread of their own', true],
  ['on the loop that answers requests', false],
])('a save on the embedded platform, its projections %s', (_where, projectionThread) => {
  beforeAll(async () => {
    database = await createTestDatabase({ max: 1 });
    platform = await startPlatform({
      databaseUrl: database.url,
      port: 0,
      host: '127.0.0.1',
      adminEmails: [ann, bob],
      logLevel: 'silent',
      projectionThread,
    });
  });
  afterAll(async () => {
    await platform?.close();
    await database?.drop();
  });

  it('answers after its read model has it and its push has reached a watcher', async () => {
    const [annCookie, bobCookie] = [await signIn(ann), await signIn(bob)];
    const { socket, changes } = await watch(bobCookie);
    try {
      for (const [i, name] of ['first', 'second', 'third'].entries()) {
        const res = await fetch(`${platform.url}${routes.configsUpdate}`, {
          signal: AbortSignal.timeout(10_000),
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: annCookie, origin: platform.url },
          body: JSON.stringify({
            configurations: [
              {
                type: 'featureFlags',
                data: { [name]: { enabled: i % 2 === 0, userExceptions: [], amplifyGroupExceptions: [] } },
              },
            ],
          }),
        });
        expect(res.status).toBe(200);
        const answer = ConfigsUpdateResponse.parse(await res.json());

        // A read with no waitFor, sent once the answer is in, sees the save.
        const read = await fetch(`${platform.url}${routes.configs}`, { headers: { cookie: annCookie } });
        const configs = ConfigsResponse.parse(await read.json());
        expect(Object.keys(configs.data.featureFlags)).toEqual([name]);

        // The push for this position was sent before the answer; which of two sockets this process
        // reads first is the kernel's business, so it is awaited rather than expected already here.
        await expect
          .poll(() => changes.some((c) => c.position === answer.position && c.ids.includes(name)))
          .toBe(true);
      }
    } finally {
      socket.terminate();
    }
  });
});
