import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  conversationRoutes,
  conversationStreamId,
  versionMessages,
  type ConversationMessagesResponse,
  type StoredChatMessage,
} from '@app/contracts';
import { rebuild } from '../../src/index';
import { conversationsProjection } from '../../src/projections/conversations';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { chat, type ChatTurn } from './conversation-chat';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

const cloud = (conversationId: string, requestId: string, rest: Partial<ChatTurn> = {}): ChatTurn => ({
  conversationId,
  requestId,
  storage: 'future-cloud',
  message: `asks ${requestId}`,
  answer: `answers ${requestId}`,
  cost: 0.01,
  ...rest,
});

/** The messages of a conversation as (request, role, parent, chosen), once `waitFor` is projected. */
const thread = async (email: string, conversationId: string, waitFor?: string) => {
  const res = await p.call(
    email,
    'GET',
    `${conversationRoutes.messages(conversationId)}${waitFor ? `?waitFor=${waitFor}` : ''}`,
  );
  expect(res.statusCode).toBe(200);
  return res
    .json<ConversationMessagesResponse>()
    .data.map((m: StoredChatMessage) => [m.requestId, m.role, m.parentRequestId, m.chosen]);
};

const choose = async (email: string, body: unknown, headers?: Record<string, string>) => {
  const res = await p.call(email, 'POST', conversationRoutes.chooseVersion, {
    body,
    ...(headers ? { headers } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json<{ success: boolean; position: string; message?: string }>(),
  };
};

describe('versions of a turn', () => {
  it('a branched request keeps the request it follows; one that names none follows the latest', async () => {
    await chat(p.database.db, ann, cloud('trip', 'r1', { parentRequestId: null }));
    await chat(p.database.db, ann, cloud('trip', 'r2', { parentRequestId: 'r1' }));
    // An edit of the second message: a second version of the turn after r1.
    await chat(p.database.db, ann, cloud('trip', 'r2b', { parentRequestId: 'r1' }));
    // An older client names no parent: it follows the conversation's latest request.
    const last = await chat(p.database.db, ann, cloud('trip', 'r3'));
    expect(await thread(ann, 'trip', last)).toEqual([
      ['r1', 'user', null, false],
      ['r1', 'assistant', null, false],
      ['r2', 'user', 'r1', false],
      ['r2', 'assistant', 'r1', false],
      ['r2b', 'user', 'r1', false],
      ['r2b', 'assistant', 'r1', false],
      ['r3', 'user', 'r2b', false],
      ['r3', 'assistant', 'r2b', false],
    ]);
  });

  it("a parent that is not a request of that conversation of the caller's reads as none named", async () => {
    await chat(p.database.db, bob, cloud('bobs', 'b1', { parentRequestId: null }));
    // Ann names Bob's request, a request of another conversation of hers, then an unknown one.
    await chat(p.database.db, ann, cloud('other', 'o1', { parentRequestId: null }));
    await chat(p.database.db, ann, cloud('other', 'o2', { parentRequestId: 'b1' }));
    await chat(p.database.db, ann, cloud('other', 'o3', { parentRequestId: 'r1' }));
    const last = await chat(p.database.db, ann, cloud('other', 'o4', { parentRequestId: 'nobody' }));
    expect((await thread(ann, 'other', last)).filter(([, role]) => role === 'user')).toEqual([
      ['o1', 'user', null, false],
      ['o2', 'user', 'o1', false],
      ['o3', 'user', 'o2', false],
      ['o4', 'user', 'o3', false],
    ]);
  });

  it('choose-version appends ConversationVersionChosen with the actor, and the read shows the version chosen', async () => {
    const chosen = await choose(ann, { conversationId: 'trip', requestId: 'r2' });
    expect(chosen).toEqual({ status: 200, body: { success: true, position: expect.any(String) as string } });
    const event = (await p.events()).at(-1);
    expect(event).toMatchObject({
      streamId: conversationStreamId(ann, 'trip'),
      type: 'ConversationVersionChosen',
      data: { conversationId: 'trip', requestId: 'r2' },
      metadata: { actor: { email: ann } },
    });
    expect(await thread(ann, 'trip', chosen.body.position)).toEqual([
      ['r1', 'user', null, false],
      ['r1', 'assistant', null, false],
      ['r2', 'user', 'r1', true],
      ['r2', 'assistant', 'r1', true],
      ['r2b', 'user', 'r1', false],
      ['r2b', 'assistant', 'r1', false],
      ['r3', 'user', 'r2b', false],
      ['r3', 'assistant', 'r2b', false],
    ]);

    // Turning to the other version moves the choice; the log keeps both.
    const back = await choose(ann, { conversationId: 'trip', requestId: 'r2b' });
    const flags = (await thread(ann, 'trip', back.body.position)).map(([r, , , c]) => [r, c]);
    expect(flags.filter(([, c]) => c)).toEqual([
      ['r2b', true],
      ['r2b', true],
    ]);
    const kept = (await p.events()).filter((e) => e.type === 'ConversationVersionChosen');
    expect(kept.map((e) => e.data)).toEqual([
      { conversationId: 'trip', requestId: 'r2' },
      { conversationId: 'trip', requestId: 'r2b' },
    ]);
  });

  it("a new version of a turn clears the turn's choice, so the newest shows", async () => {
    await choose(ann, { conversationId: 'trip', requestId: 'r2' });
    const last = await chat(p.database.db, ann, cloud('trip', 'r2c', { parentRequestId: 'r1' }));
    const rows = await thread(ann, 'trip', last);
    expect(rows.filter(([, , , c]) => c)).toEqual([]);
    expect(rows.filter(([r]) => r === 'r2c')).toEqual([
      ['r2c', 'user', 'r1', false],
      ['r2c', 'assistant', 'r1', false],
    ]);
  });

  it('a local conversation records the version turned to; the server keeps no messages of it', async () => {
    await chat(p.database.db, ann, {
      ...cloud('here', 'l1', { parentRequestId: null }),
      storage: 'future-local',
    });
    const last = await chat(p.database.db, ann, {
      ...cloud('here', 'l1b', { parentRequestId: null }),
      storage: 'future-local',
    });
    await p.call(ann, 'GET', `${conversationRoutes.list}?waitFor=${last}`);
    const chosen = await choose(ann, { conversationId: 'here', requestId: 'l1' });
    expect(chosen.status).toBe(200);
    expect(await thread(ann, 'here', chosen.body.position)).toEqual([]);
    const turns = await p.database.db
      .selectFrom('rm_conversation_turns')
      .select(['request_id', 'parent_request_id', 'chosen'])
      .where('conversation_id', '=', 'here')
      .orderBy('position')
      .execute();
    expect(turns).toEqual([
      { request_id: 'l1', parent_request_id: null, chosen: true },
      { request_id: 'l1b', parent_request_id: null, chosen: false },
    ]);
  });
});

describe('choose-version refuses', () => {
  it("another user's conversation: 404 with the conversation's words, nothing appended", async () => {
    const before = (await p.events()).length;
    expect(await choose(bob, { conversationId: 'trip', requestId: 'r2' })).toEqual({
      status: 404,
      body: { success: false, message: chatMessages.noSuchConversation('trip') },
    });
    expect((await choose(bob, { conversationId: 'nope', requestId: 'b1' })).status).toBe(404);
    expect((await p.events()).length).toBe(before);
  });

  it("a request that is not one of that conversation of the caller's: 404, nothing appended", async () => {
    const before = (await p.events()).length;
    for (const requestId of ['b1', 'o1', 'unknown'])
      expect(await choose(ann, { conversationId: 'trip', requestId })).toEqual({
        status: 404,
        body: { success: false, message: versionMessages.noSuchVersion(requestId) },
      });
    // Bob's own conversation, naming Ann's request.
    expect((await choose(bob, { conversationId: 'bobs', requestId: 'r1' })).status).toBe(404);
    expect((await p.events()).length).toBe(before);
  });

  it('bad bodies: 400, nothing appended', async () => {
    const before = (await p.events()).length;
    for (const body of [
      {},
      { conversationId: 'trip' },
      { requestId: 'r1' },
      { conversationId: 'trip', requestId: 'x'.repeat(65) },
      { conversationId: 'trip', requestId: 'r 1' },
      { conversationId: 'a'.repeat(65), requestId: 'r1' },
      { conversationId: 'trip', requestId: 7 },
      { conversationId: ['trip'], requestId: 'r1' },
    ])
      expect((await choose(ann, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await p.call(null, 'POST', conversationRoutes.chooseVersion, { body: {} })).statusCode).toBe(401);
    expect((await p.events()).length).toBe(before);
  });

  it('a retry with the same Idempotency-Key appends once', async () => {
    const before = (await p.events()).length;
    const headers = { 'idempotency-key': 'choose-once-1' };
    const first = await choose(ann, { conversationId: 'trip', requestId: 'r2b' }, headers);
    const again = await choose(ann, { conversationId: 'trip', requestId: 'r2b' }, headers);
    expect(again).toEqual(first);
    expect((await p.events()).length).toBe(before + 1);
  });
});

describe('the turns after a delete and a rebuild', () => {
  it("a deleted conversation's turns go; a request in it afterwards is its first turn", async () => {
    const deleted = await p.call(ann, 'POST', conversationRoutes.delete, {
      body: { conversationId: 'other' },
    });
    expect(deleted.statusCode).toBe(200);
    const last = await chat(p.database.db, ann, cloud('other', 'o5'));
    expect(await thread(ann, 'other', last)).toEqual([
      ['o5', 'user', null, false],
      ['o5', 'assistant', null, false],
    ]);
    // A version of the old conversation's request is no longer there to turn to: nothing changes.
    const stale = await choose(ann, { conversationId: 'other', requestId: 'o2' });
    expect(stale.status).toBe(200);
    expect(await thread(ann, 'other', stale.body.position)).toEqual([
      ['o5', 'user', null, false],
      ['o5', 'assistant', null, false],
    ]);
  });

  it('a rebuild from the log gives the same turns as the runner', async () => {
    await p.settle();
    const turns = () =>
      p.database.db.selectFrom('rm_conversation_turns').selectAll().orderBy('request_id').execute();
    const folded = await turns();
    expect(folded.filter((t) => t.chosen).length).toBeGreaterThan(0);
    await rebuild(p.database.db, conversationsProjection);
    expect(await turns()).toEqual(folded);
  });
});
