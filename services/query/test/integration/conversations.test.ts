import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  conversationRoutes,
  type ConversationMessagesResponse,
  type ConversationsResponse,
  type ConversationSummary,
} from '@app/contracts';
import { rebuild } from '../../src/index';
import { conversationsProjection } from '../../src/projections/conversations';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { chat, endChat, requestChat } from './conversation-chat';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const carl = 'carl@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

const list = async (email: string, waitFor?: string): Promise<ConversationSummary[]> => {
  const res = await p.call(email, 'GET', `${conversationRoutes.list}${waitFor ? `?waitFor=${waitFor}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json<ConversationsResponse>().data;
};
const messages = (email: string, id: string, waitFor?: string) =>
  p.call(email, 'GET', `${conversationRoutes.messages(id)}${waitFor ? `?waitFor=${waitFor}` : ''}`);
const command = async (email: string, route: string, body: unknown) => {
  const res = await p.call(email, 'POST', route, { body });
  return {
    status: res.statusCode,
    body: res.json<{ success: boolean; position: string; message?: string }>(),
  };
};

const longMessage = 'Plan a three-day trip to Lisbon with museums, food and a day at the beach';

describe('the conversations projection', () => {
  it('a cloud conversation keeps its messages and is named after its first one; its cost sums its requests', async () => {
    await chat(p.database.db, bob, {
      conversationId: 'cloud-1',
      storage: 'future-cloud',
      message: longMessage,
      answer: 'Day 1: Belém.',
      cost: 0.25,
    });
    const last = await chat(p.database.db, bob, {
      conversationId: 'cloud-1',
      storage: 'future-cloud',
      message: 'And day 2?',
      answer: 'Day 2: Sintra.',
      cost: 0.5,
      end: 'ChatStopped',
    });
    const [conversation] = await list(bob, last);
    expect(conversation).toEqual({
      id: 'cloud-1',
      name: longMessage.slice(0, 40).trim(),
      storage: 'future-cloud',
      cost: 0.75,
      requests: 2,
      updatedAt: expect.any(String) as string,
      // Its latest request's model and assistant (none).
      model: 'gpt-4o',
      assistantId: null,
    });
    const res = await messages(bob, 'cloud-1');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<ConversationMessagesResponse>()
        .data.map((m) => [m.role, m.content, typeof m.requestId, m.at > '']),
    ).toEqual([
      ['user', longMessage, 'string', true],
      ['assistant', 'Day 1: Belém.', 'string', true],
      ['user', 'And day 2?', 'string', true],
      ['assistant', 'Day 2: Sintra.', 'string', true],
    ]);
  });

  it('a local conversation keeps only its usage: no name, no messages', async () => {
    const last = await chat(p.database.db, carl, {
      conversationId: 'local-1',
      storage: 'future-local',
      message: 'Kept in the browser only',
      cost: 0.125,
      end: 'ChatFailed',
    });
    expect(await list(carl, last)).toEqual([
      expect.objectContaining({
        id: 'local-1',
        name: null,
        storage: 'future-local',
        cost: 0.125,
        requests: 1,
      }),
    ]);
    const res = await messages(carl, 'local-1');
    expect(res.json<ConversationMessagesResponse>()).toEqual({ success: true, data: [] });
    const stored = await p.database.db.selectFrom('rm_conversation_messages').select('content').execute();
    expect(stored.map((r) => r.content)).not.toContain('Kept in the browser only');
  });

  it('a chat request without a conversation makes none', async () => {
    const last = await chat(p.database.db, 'dora@example.com', {
      storage: 'future-cloud',
      message: 'No conversation',
      cost: 1,
    });
    expect(await list('dora@example.com', last)).toEqual([]);
  });

  it('each user lists only their own conversations, the most recently used first', async () => {
    await chat(p.database.db, carl, {
      conversationId: 'local-2',
      storage: 'future-local',
      message: 'x',
      cost: 0,
    });
    const last = await chat(p.database.db, carl, {
      conversationId: 'local-1',
      storage: 'future-local',
      message: 'y',
      cost: 0,
    });
    expect((await list(carl, last)).map((c) => c.id)).toEqual(['local-1', 'local-2']);
    expect((await list(bob)).map((c) => c.id)).toEqual(['cloud-1']);
    expect(await list(ann)).toEqual([]);
  });

  it("another user's conversation, or an unknown one, answers 404 with the same words", async () => {
    const theirs = await messages(carl, 'cloud-1');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, message: chatMessages.noSuchConversation('cloud-1') });
    expect((await messages(bob, 'nope')).statusCode).toBe(404);
  });
});

describe('renaming and deleting a conversation', () => {
  it('a rename names it (seen with ?waitFor=), the same name again records nothing; another user cannot rename it', async () => {
    const renamed = await command(bob, conversationRoutes.rename, {
      conversationId: 'cloud-1',
      name: ' Lisbon ',
    });
    expect(renamed).toEqual({ status: 200, body: { success: true, position: expect.any(String) as string } });
    expect((await list(bob, renamed.body.position))[0]?.name).toBe('Lisbon');

    const again = await command(bob, conversationRoutes.rename, {
      conversationId: 'cloud-1',
      name: 'Lisbon',
    });
    expect(again.body.position).toBe('0');

    const before = (await p.events()).length;
    const theirs = await command(carl, conversationRoutes.rename, {
      conversationId: 'cloud-1',
      name: 'Mine',
    });
    expect(theirs).toEqual({
      status: 404,
      body: { success: false, message: chatMessages.noSuchConversation('cloud-1') },
    });
    const empty = await command(bob, conversationRoutes.rename, { conversationId: 'cloud-1', name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/cannot be empty/);
    expect((await command(bob, conversationRoutes.rename, { conversationId: 'a b', name: 'x' })).status).toBe(
      400,
    );
    expect((await p.events()).length).toBe(before);
    expect((await list(bob))[0]?.name).toBe('Lisbon');
  });

  it('a delete removes it and its messages; a request in it afterwards starts it again', async () => {
    const inFlight = await requestChat(p.database.db, bob, {
      conversationId: 'cloud-1',
      storage: 'future-cloud',
      message: 'Still running',
      cost: 0,
    });
    expect((await command(carl, conversationRoutes.delete, { conversationId: 'cloud-1' })).status).toBe(404);
    const deleted = await command(bob, conversationRoutes.delete, { conversationId: 'cloud-1' });
    expect(deleted.status).toBe(200);
    expect(await list(bob, deleted.body.position)).toEqual([]);
    expect((await messages(bob, 'cloud-1')).statusCode).toBe(404);
    expect((await command(bob, conversationRoutes.delete, { conversationId: 'cloud-1' })).status).toBe(404);

    // The request that was running ends after the delete: it adds nothing to a conversation that is gone.
    const ended = await endChat(p.database.db, bob, inFlight.requestId, {
      storage: 'future-cloud',
      message: '',
      answer: 'Too late',
      cost: 3,
    });
    expect(await list(bob, ended)).toEqual([]);

    const restarted = await chat(p.database.db, bob, {
      conversationId: 'cloud-1',
      storage: 'future-cloud',
      message: 'Starting over',
      answer: 'Sure.',
      cost: 0.5,
    });
    expect(await list(bob, restarted)).toEqual([
      expect.objectContaining({ id: 'cloud-1', name: 'Starting over', cost: 0.5, requests: 1 }),
    ]);
    const res = await messages(bob, 'cloud-1');
    expect(res.json<ConversationMessagesResponse>().data.map((m) => m.content)).toEqual([
      'Starting over',
      'Sure.',
    ]);
  });

  it('a rebuild from the log gives the same rows as the runner', async () => {
    await p.settle();
    const rows = async () => ({
      conversations: await p.database.db
        .selectFrom('rm_conversations')
        .selectAll()
        .orderBy('owner')
        .orderBy('conversation_id')
        .execute(),
      messages: await p.database.db
        .selectFrom('rm_conversation_messages')
        .selectAll()
        .orderBy('position')
        .execute(),
      requests: await p.database.db
        .selectFrom('rm_conversation_requests')
        .selectAll()
        .orderBy('request_id')
        .execute(),
    });
    const folded = await rows();
    expect(folded.conversations.length).toBeGreaterThan(0);
    await rebuild(p.database.db, conversationsProjection);
    expect(await rows()).toEqual(folded);
  });
});
