import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationRoutes,
  shareMessages,
  shareRoutes,
  shareStreamId,
  type AmplifyGroup,
  type CreateShareInput,
  type CreateShareResponse,
  type ShareListResponse,
  type ShareViewResponse,
} from '@app/contracts';
import { rebuild } from '../../src/index';
import { sharesProjection } from '../../src/projections/shares';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { chat, type ChatTurn } from './conversation-chat';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const cy = 'cy@example.com';
const dora = 'dora@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
  const group = (groupName: string, members: string[]): AmplifyGroup => ({
    groupName,
    members,
    createdBy: '',
    includeFromOtherGroups: [],
    isBillingGroup: false,
    rateLimit: { period: 'Unlimited', rate: null },
  });
  const saved = await p.save(ann, [{ type: 'amplifyGroups', data: { Crew: group('Crew', [dora]) } }]);
  expect(saved.status).toBe(200);
  const cloud = (requestId: string, rest: Partial<ChatTurn> = {}): ChatTurn => ({
    conversationId: 'trip',
    requestId,
    storage: 'future-cloud',
    message: `asks ${requestId}`,
    answer: `answers **${requestId}**`,
    cost: 0.01,
    ...rest,
  });
  await chat(p.database.db, ann, cloud('r1', { parentRequestId: null }));
  await chat(p.database.db, ann, cloud('r2', { parentRequestId: 'r1' }));
  // A newer version of the second turn: the thread shown is r1, r2b.
  await chat(p.database.db, ann, cloud('r2b', { parentRequestId: 'r1' }));
  await chat(p.database.db, ann, {
    conversationId: 'here',
    requestId: 'l1',
    storage: 'future-local',
    message: 'local',
    cost: 0.01,
  });
  await p.settle();
});
afterAll(async () => {
  await p.close();
});

const share = async (
  email: string,
  conversationId: string,
  body: CreateShareInput | Record<string, unknown>,
) => {
  const res = await p.call(email, 'POST', shareRoutes.create(conversationId), { body });
  return { status: res.statusCode, body: res.json<CreateShareResponse & { message?: string }>() };
};
const view = async (email: string, shareId: string) => {
  const res = await p.call(email, 'GET', shareRoutes.one(shareId));
  return { status: res.statusCode, body: res.json<ShareViewResponse & { message?: string }>() };
};
const streamEvents = async (shareId: string) =>
  (await p.events()).filter((e) => e.streamId === shareStreamId(shareId));
const eventCount = async () => (await p.events()).length;

describe('sharing a cloud conversation', () => {
  it('a share restricted to one user opens for them (the thread shown), is 403 for another, 404 after revoke; each view is a ShareViewed', async () => {
    const made = await share(ann, 'trip', { isPublic: false, accessTo: { users: ['Bob@Example.com'] } });
    expect(made.status).toBe(200);
    const { shareId, url } = made.body;
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`/share/${shareId}`);

    const seen = await view(bob, shareId);
    expect(seen.status).toBe(200);
    expect(seen.body.snapshot.owner).toBe(ann);
    expect(seen.body.snapshot.turns.map((t) => [t.question, t.answer, t.model])).toEqual([
      ['asks r1', 'answers **r1**', 'gpt-4o'],
      ['asks r2b', 'answers **r2b**', 'gpt-4o'],
    ]);
    expect((await view(bob, shareId)).status).toBe(200);
    expect((await view(ann, shareId)).status).toBe(200);

    const refused = await view(cy, shareId);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(shareMessages.notAllowed);

    const events = await streamEvents(shareId);
    expect(events.map((e) => e.type)).toEqual([
      'ConversationShared',
      'ShareViewed',
      'ShareViewed',
      'ShareViewed',
    ]);
    expect(
      events.slice(1).map((e) => [(e.data as { viewer: string }).viewer, e.metadata.actor.email]),
    ).toEqual([
      [bob, bob],
      [bob, bob],
      [ann, ann],
    ]);
    // The sealed snapshot: none of the conversation's text in the event.
    expect(JSON.stringify(events[0]?.data)).not.toContain('asks r1');

    await p.settle();
    const listed = (
      await p.call(ann, 'GET', `${shareRoutes.list}?conversationId=trip`)
    ).json<ShareListResponse>();
    expect(listed.data.find((s) => s.shareId === shareId)).toMatchObject({ viewCount: 3, isPublic: false });
    // Bob sees none of Ann's shares in his list.
    expect((await p.call(bob, 'GET', shareRoutes.list)).json<ShareListResponse>().data).toEqual([]);

    // Only the owner revokes: Bob's DELETE is a 404 and appends nothing.
    const before = await eventCount();
    expect((await p.call(bob, 'DELETE', shareRoutes.one(shareId))).statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
    const revoked = await p.call(ann, 'DELETE', shareRoutes.one(shareId));
    expect(revoked.statusCode).toBe(200);
    const gone = await view(bob, shareId);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(shareMessages.gone);
    expect((await streamEvents(shareId)).at(-1)?.type).toBe('ShareRevoked');
    const after = (
      await p.call(ann, 'GET', `${shareRoutes.list}?waitFor=${revoked.json<{ position: string }>().position}`)
    ).json<ShareListResponse>();
    expect(after.data.find((s) => s.shareId === shareId)).toBeUndefined();
  });

  it('members of a listed group read it; everyone signed in reads a public one', async () => {
    const crew = await share(ann, 'trip', { isPublic: false, accessTo: { amplifyGroups: ['Crew'] } });
    expect((await view(dora, crew.body.shareId)).status).toBe(200);
    expect((await view(bob, crew.body.shareId)).status).toBe(403);
    const open = await share(ann, 'trip', { isPublic: true });
    expect((await view(cy, open.body.shareId)).status).toBe(200);
  });

  it("someone else's conversation, a local one or an unknown one is 404, and nothing is appended", async () => {
    const before = await eventCount();
    const others = await share(bob, 'trip', { isPublic: true });
    expect(others.status).toBe(404);
    expect((await share(ann, 'here', { isPublic: true })).status).toBe(404);
    expect((await share(ann, 'nowhere', { isPublic: true })).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect((await view(bob, 'A'.repeat(32))).status).toBe(404);
  });

  it('bad access lists are 400 and append nothing', async () => {
    const before = await eventCount();
    for (const body of [
      { isPublic: false, accessTo: { users: ['not an email'] } },
      { isPublic: false, accessTo: { users: [], amplifyGroups: [] } },
      { isPublic: false, accessTo: { amplifyGroups: ['  '] } },
      { isPublic: false, accessTo: { users: Array.from({ length: 101 }, (_, i) => `u${i}@example.com`) } },
      { isPublic: 'yes' },
    ]) {
      const res = await share(ann, 'trip', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await eventCount()).toBe(before);
  });

  it('deleting the conversation takes its shares with it; a rebuild gives the same rows', async () => {
    const made = await share(ann, 'trip', { isPublic: true });
    expect((await view(bob, made.body.shareId)).status).toBe(200);
    await p.settle();
    const rows = async () => p.database.db.selectFrom('rm_shares').selectAll().orderBy('share_id').execute();
    const folded = await rows();
    await rebuild(p.database.db, sharesProjection);
    expect(await rows()).toEqual(folded);

    const deleted = await p.call(ann, 'POST', conversationRoutes.delete, {
      body: { conversationId: 'trip' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await view(bob, made.body.shareId)).status).toBe(404);
    await p.settle();
    expect(await rows()).toEqual([]);
    await rebuild(p.database.db, sharesProjection);
    expect(await rows()).toEqual([]);
  });
});

describe("a share's views", () => {
  it("count in the viewer's budget of state-changing requests (each appends an event)", async () => {
    const q = await startTestPlatform({
      admins: [ann],
      rateLimits: { signInPerMinute: 100, commandsPerMinute: 3 },
    });
    try {
      await chat(q.database.db, ann, {
        conversationId: 'solo',
        requestId: 's1',
        storage: 'future-cloud',
        message: 'asks',
        answer: 'answers',
        cost: 0.01,
      });
      await q.settle();
      const made = await q.call(ann, 'POST', shareRoutes.create('solo'), { body: { isPublic: true } });
      expect(made.statusCode).toBe(200);
      const { shareId } = made.json<CreateShareResponse>();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await q.call(bob, 'GET', shareRoutes.one(shareId))).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await q.close();
    }
  });
});
