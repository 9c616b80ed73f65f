import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  chatStreamId,
  conversationRoutes,
  conversationStreamId,
  type ConversationsResponse,
  type ConversationSummary,
} from '@app/contracts';
import { appendToStream } from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { endChat, userMetadata } from './conversation-chat';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

/** A whole request of `email` in a conversation with that model and assistant; answers its last position. */
const ask = async (
  email: string,
  conversationId: string,
  model: string,
  assistantId?: string,
  storage: 'future-cloud' | 'future-local' = 'future-cloud',
) => {
  const requestId = randomUUID();
  await appendToStream(
    p.database.db,
    chatStreamId(requestId),
    [
      {
        type: 'ChatRequested',
        data: {
          requestId,
          model,
          conversationId,
          accountId: 'default',
          maxTokens: 1000,
          reserved: 0.5,
          messageCount: 1,
          storage,
          ...(assistantId ? { assistantId } : {}),
          ...(storage === 'future-cloud' ? { messages: [{ role: 'user' as const, content: 'hi' }] } : {}),
        },
      },
    ],
    { expectedVersion: 'no-stream', metadata: userMetadata(email) },
  );
  return endChat(p.database.db, email, requestId, { storage, message: 'hi', cost: 0.01, answer: 'hello' });
};

const list = async (email: string, waitFor: string): Promise<ConversationSummary[]> => {
  const res = await p.call(email, 'GET', `${conversationRoutes.list}?waitFor=${waitFor}`);
  expect(res.statusCode).toBe(200);
  return res.json<ConversationsResponse>().data;
};

const save = async (email: string, body: unknown) => {
  const res = await p.call(email, 'POST', conversationRoutes.settings, { body });
  return {
    status: res.statusCode,
    body: res.json<{ success: boolean; position?: string; message?: string }>(),
  };
};

describe("a conversation's model and assistant", () => {
  it("the list gives each conversation its latest request's model and assistant", async () => {
    await ask(ann, 'c-models', 'model-a', 'astp/helper');
    const last = await ask(ann, 'c-models', 'model-b');
    const local = await ask(ann, 'c-local', 'model-a', 'astp/helper', 'future-local');
    const rows = await list(ann, BigInt(last) > BigInt(local) ? last : local);
    expect(rows.find((c) => c.id === 'c-models')).toMatchObject({ model: 'model-b', assistantId: null });
    expect(rows.find((c) => c.id === 'c-local')).toMatchObject({
      model: 'model-a',
      assistantId: 'astp/helper',
      storage: 'future-local',
    });
    // No settings saved yet: none listed.
    expect(rows.find((c) => c.id === 'c-models')?.settings).toBeUndefined();
  });
});

describe("a conversation's settings", () => {
  it('are appended to the conversation stream with the actor, and listed with the conversation', async () => {
    const saved = await save(ann, {
      conversationId: 'c-models',
      instructions: 'Answer in French',
      temperature: 0.3,
    });
    expect(saved).toEqual({ status: 200, body: { success: true, position: expect.any(String) as string } });
    expect((await p.events()).at(-1)).toMatchObject({
      streamId: conversationStreamId(ann, 'c-models'),
      type: 'ConversationSettingsChanged',
      data: { conversationId: 'c-models', instructions: 'Answer in French', temperature: 0.3 },
      metadata: { actor: { email: ann } },
    });
    const rows = await list(ann, saved.body.position ?? '0');
    expect(rows.find((c) => c.id === 'c-models')?.settings).toEqual({
      instructions: 'Answer in French',
      temperature: 0.3,
    });

    // Cleared: no instructions, the default temperature; a later request keeps them.
    const cleared = await save(ann, { conversationId: 'c-models', instructions: '', temperature: null });
    await list(ann, cleared.body.position ?? '0');
    const after = await ask(ann, 'c-models', 'model-a');
    expect((await list(ann, after)).find((c) => c.id === 'c-models')).toMatchObject({
      model: 'model-a',
      settings: { instructions: '', temperature: null },
    });
  });

  it("another user's conversation, or none: 404, nothing appended", async () => {
    const before = (await p.events()).length;
    expect(await save(bob, { conversationId: 'c-models', instructions: 'x', temperature: 1 })).toEqual({
      status: 404,
      body: { success: false, message: chatMessages.noSuchConversation('c-models') },
    });
    expect((await save(ann, { conversationId: 'nope', instructions: 'x', temperature: 1 })).status).toBe(404);
    expect((await p.events()).length).toBe(before);
  });

  it('bad bodies: 400, nothing appended', async () => {
    const before = (await p.events()).length;
    for (const body of [
      {},
      { conversationId: 'c-models' },
      { conversationId: 'c-models', instructions: 'x' },
      { conversationId: 'c-models', instructions: 'x', temperature: 2.5 },
      { conversationId: 'c-models', instructions: 'x', temperature: -0.1 },
      { conversationId: 'c-models', instructions: 'x', temperature: '1' },
      { conversationId: 'c-models', instructions: 'x'.repeat(10_001), temperature: 1 },
      { conversationId: 'c-models', instructions: 7, temperature: 1 },
      { conversationId: 'c m', instructions: 'x', temperature: 1 },
    ])
      expect((await save(ann, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await p.events()).length).toBe(before);
  });
});
