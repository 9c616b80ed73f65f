import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  LiveServerMessage,
  routes,
  sessionCookieName,
  type ChangedMessage,
  type LiveClientMessage,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const user = 'user@example.com';

let p: TestPlatform & { url: string };
const sockets = new Set<WebSocket>();

beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann, bob], listen: true });
});
afterEach(() => {
  for (const s of sockets) s.terminate();
  sockets.clear();
});
afterAll(async () => {
  await p.close();
});

/** A /live client that keeps every message it receives and can wait for the next one matching. */
interface LiveClient {
  socket: WebSocket;
  received: LiveServerMessage[];
  send(message: LiveClientMessage | string): void;
  next<T extends LiveServerMessage>(match: (m: LiveServerMessage) => m is T): Promise<T>;
}

const textOf = (data: WebSocket.RawData): string =>
  Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.isBuffer(data)
      ? data.toString('utf8')
      : new TextDecoder().decode(data);

const wsUrl = () => `${p.url.replace(/^http/, 'ws')}${routes.live}`;

const open = async (email: string | null): Promise<LiveClient> => {
  const session = email ? await p.signIn(email) : undefined;
  const socket = new WebSocket(
    wsUrl(),
    session ? { headers: { cookie: `${sessionCookieName}=${session}` }, origin: p.url } : {},
  );
  sockets.add(socket);
  const received: LiveServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data: WebSocket.RawData) => {
    received.push(LiveServerMessage.parse(JSON.parse(textOf(data))));
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  let seen = 0;
  return {
    socket,
    received,
    send: (m) => socket.send(typeof m === 'string' ? m : JSON.stringify(m)),
    next: async <T extends LiveServerMessage>(match: (m: LiveServerMessage) => m is T): Promise<T> => {
      for (;;) {
        while (seen < received.length) {
          const m = received[seen++]!;
          if (match(m)) return m;
        }
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
};

/** How the server answers an upgrade it refuses. */
const refusedWith = async (email: string | null): Promise<number> => {
  const session = email ? await p.signIn(email) : undefined;
  const socket = new WebSocket(
    wsUrl(),
    session ? { headers: { cookie: `${sessionCookieName}=${session}` }, origin: p.url } : {},
  );
  sockets.add(socket);
  // Terminating a refused upgrade makes the client emit 'error'; that is expected here.
  socket.on('error', () => undefined);
  return new Promise<number>((resolve, reject) => {
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => reject(new Error('the upgrade was accepted')));
  });
};

const isSubscribed = (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: 'subscribed' }> =>
  m.type === 'subscribed';
const isError = (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: 'error' }> =>
  m.type === 'error';
const changedIn =
  (readModel: ChangedMessage['readModel']) =>
  (m: LiveServerMessage): m is ChangedMessage =>
    m.type === 'changed' && m.readModel === readModel;

describe('/live websocket', () => {
  it("a client subscribed to featureFlags is told of another admin's save", async () => {
    const client = await open(ann);
    client.send({ type: 'subscribe', readModels: ['featureFlags'] });
    expect(await client.next(isSubscribed)).toEqual({ type: 'subscribed', readModels: ['featureFlags'] });

    const { status, body } = await p.save(bob, [
      {
        type: 'featureFlags',
        data: { 'dark mode': { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
      },
    ]);
    expect(status).toBe(200);
    const changed = await client.next(changedIn('featureFlags'));
    expect(changed).toEqual({
      type: 'changed',
      readModel: 'featureFlags',
      ids: ['darkMode'],
      position: expect.any(String) as string,
      seq: expect.any(String) as string,
      actor: bob,
    });
    expect(BigInt(changed.position)).toBeLessThanOrEqual(BigInt(body.position));
  });

  it("a non-admin's upgrade is accepted (user read models), an anonymous one is refused with 401", async () => {
    const client = await open(user);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(await refusedWith(null)).toBe(401);
  });

  it('a malformed subscribe gets an error message and the socket stays usable', async () => {
    const client = await open(ann);
    client.send('not json');
    expect((await client.next(isError)).message).toMatch(/subscribe/);
    client.send({ type: 'subscribe', readModels: ['noSuchModel'] } as unknown as LiveClientMessage);
    await client.next(isError);
    client.send(JSON.stringify({ type: 'subscribe' }));
    await client.next(isError);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);

    client.send({ type: 'subscribe', readModels: ['admins'] });
    expect(await client.next(isSubscribed)).toEqual({ type: 'subscribed', readModels: ['admins'] });
    await p.save(bob, [{ type: 'admins', data: [ann, bob, 'carl@example.com'] }]);
    expect(await client.next(changedIn('admins'))).toMatchObject({ ids: ['carl@example.com'], actor: bob });
  });

  it('after unsubscribing a client is no longer told of that read model', async () => {
    const watcher = await open(bob);
    watcher.send({ type: 'subscribe', readModels: ['featureFlags'] });
    await watcher.next(isSubscribed);
    const client = await open(ann);
    client.send({ type: 'subscribe', readModels: ['featureFlags', 'admins'] });
    await client.next(isSubscribed);
    client.send({ type: 'unsubscribe', readModels: ['featureFlags'] });
    expect(await client.next(isSubscribed)).toEqual({ type: 'subscribed', readModels: ['admins'] });

    const loaded = await p.configsNow(ann);
    await p.save(ann, [
      {
        type: 'featureFlags',
        data: {
          ...loaded.data.featureFlags,
          beta: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
        },
      },
    ]);
    // The change reached this instance's sockets (the watcher saw it) before the admins change below.
    expect(await watcher.next(changedIn('featureFlags'))).toMatchObject({ ids: ['beta'] });
    await p.save(ann, [{ type: 'admins', data: [ann, bob] }]);
    await client.next(changedIn('admins'));
    expect(client.received.filter((m) => m.type === 'changed' && m.readModel === 'featureFlags')).toEqual([]);
  });
});
