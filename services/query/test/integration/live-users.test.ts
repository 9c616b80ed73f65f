import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveMessages, userSettingsRoutes, type ReadModelName } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { chat } from './conversation-chat';
import { changedIn, isError, isSubscribed, openLive, type LiveTestClient } from './live-users-client';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const uma = 'uma@example.com';
const ugo = 'ugo@example.com';

let p: TestPlatform & { url: string };
const clients = new Set<LiveTestClient>();

beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann, bob], listen: true, liveSweepEveryMs: 100 });
});
afterEach(() => {
  for (const c of clients) c.socket.terminate();
  clients.clear();
});
afterAll(async () => {
  await p.close();
});

const open = async (email: string, readModels?: ReadModelName[]) => {
  const client = await openLive(p.url, await p.signIn(email));
  clients.add(client);
  if (readModels) {
    client.send({ type: 'subscribe', readModels });
    expect(await client.next(isSubscribed)).toEqual({ type: 'subscribed', readModels });
  }
  return client;
};
const talk = (email: string, conversationId: string) =>
  chat(p.database.db, email, { conversationId, storage: 'future-local', message: 'hi', cost: 0.01 });
/** Each (actor, id) a client was told of, once (a chat request changes its conversation twice). */
const toldOf = (client: LiveTestClient, readModel: ReadModelName = 'conversations') => [
  ...new Set(
    client
      .changes()
      .filter((m) => m.readModel === readModel)
      .flatMap((m) => m.ids.map((id) => `${m.actor} ${id}`)),
  ),
];
const flagSave = (name: string) =>
  p.save(bob, [
    {
      type: 'featureFlags',
      data: { [name]: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
    },
  ]);

describe('/live for every signed-in user', () => {
  it("user A's socket is told of A's conversation changes, user B's is not", async () => {
    const a = await open(uma, ['conversations', 'userSettings']);
    const b = await open(ugo, ['conversations']);

    await talk(uma, 'uma-1');
    expect(await a.next(changedIn('conversations', 'uma-1'))).toMatchObject({ ids: ['uma-1'], actor: uma });
    await talk(ugo, 'ugo-1');
    // Changes come in commit order: had B been sent A's, it would have come before B's own.
    await b.next(changedIn('conversations', 'ugo-1'));
    await talk(uma, 'uma-2');
    await a.next(changedIn('conversations', 'uma-2'));

    expect(toldOf(b)).toEqual([`${ugo} ugo-1`]);
    expect(toldOf(a)).toEqual([`${uma} uma-1`, `${uma} uma-2`]);

    // A user's settings are a user read model too.
    const saved = await p.call(uma, 'POST', userSettingsRoutes.save, { body: { theme: 'dark' } });
    expect(saved.statusCode).toBe(200);
    expect(await a.next(changedIn('userSettings'))).toMatchObject({ ids: [uma], actor: uma });
  });

  it('a non-admin cannot subscribe to an admin read model: an error, and nothing of it is sent', async () => {
    const u = await open(uma);
    u.send({ type: 'subscribe', readModels: ['featureFlags'] });
    expect(await u.next(isError)).toEqual({
      type: 'error',
      message: liveMessages.adminsOnly(['featureFlags']),
    });
    u.send({ type: 'subscribe', readModels: ['featureFlags', 'conversations'] });
    expect(await u.next(isError)).toEqual({
      type: 'error',
      message: liveMessages.adminsOnly(['featureFlags']),
    });
    expect(await u.next(isSubscribed)).toEqual({ type: 'subscribed', readModels: ['conversations'] });

    expect((await flagSave('userCannotSee')).status).toBe(200);
    await talk(uma, 'uma-3');
    await u.next(changedIn('conversations', 'uma-3'));
    expect(u.changes().filter((m) => m.readModel === 'featureFlags')).toEqual([]);
    expect(u.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('an admin still gets admin changes, and only their own conversation changes', async () => {
    const admin = await open(ann, ['featureFlags', 'conversations']);
    expect((await flagSave('adminSees')).status).toBe(200);
    expect(await admin.next(changedIn('featureFlags', 'adminSees'))).toMatchObject({ actor: bob });
    await talk(uma, 'uma-4');
    await talk(ann, 'ann-1');
    await admin.next(changedIn('conversations', 'ann-1'));
    expect(toldOf(admin)).toEqual([`${ann} ann-1`]);
  });

  it('a user who comes back is replayed only their own changes', async () => {
    const first = await open(uma, ['conversations']);
    await talk(uma, 'uma-5');
    const seen = await first.next(changedIn('conversations', 'uma-5'));
    first.socket.close();

    await talk(ugo, 'ugo-2');
    await talk(uma, 'uma-6');
    await p.settle();
    const back = await open(uma);
    back.send({ type: 'subscribe', readModels: ['conversations'], after: seen.seq });
    expect(await back.next(isSubscribed)).toEqual({
      type: 'subscribed',
      readModels: ['conversations'],
      resumed: true,
    });
    await back.next(changedIn('conversations', 'uma-6'));
    // What came after `seen` (the end of uma-5's request, then uma-6), and none of ugo's.
    expect(toldOf(back)).toEqual([`${uma} uma-5`, `${uma} uma-6`]);
  });

  it('an admin who stops being one: the socket watching admin read models closes (4403), the one watching conversations stays', async () => {
    const dora = 'dora@example.com';
    expect((await p.save(ann, [{ type: 'admins', data: [ann, bob, dora] }])).status).toBe(200);
    await p.settle();
    const adminSocket = await open(dora, ['admins']);
    const userSocket = await open(dora, ['conversations']);

    expect((await p.save(ann, [{ type: 'admins', data: [ann, bob] }])).status).toBe(200);
    expect(await adminSocket.closed).toBe(4403);

    await talk(dora, 'dora-1');
    await userSocket.next(changedIn('conversations', 'dora-1'));
    expect(userSocket.socket.readyState).toBe(WebSocket.OPEN);
    // And as a user now, an admin read model is refused.
    userSocket.send({ type: 'subscribe', readModels: ['admins'] });
    expect(await userSocket.next(isError)).toEqual({
      type: 'error',
      message: liveMessages.adminsOnly(['admins']),
    });
  });
});
