import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  costOf,
  sealedTextPurposes,
  type ChatRequestedData,
  type ChatRequestInput,
  type ChatUsage,
  type SealedText,
} from '@app/contracts';
import { openSealedText } from '@app/platform';
import {
  chatModelConfigurations,
  startModelServer,
  testChatModel,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { parseSse, startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';
import { messageOverheadTokens, outputBoundTokens, requestOverheadTokens } from '../../src/chat/token-bound';

const ann = 'ann@example.com';
const secretPrompt = 'my very private question about the merger';

let p: ChatPlatform;
let model: ModelServer;
let n = 0;
const requestId = () => `relay-${++n}`;

const ask = (id: string, extra: Partial<ChatRequestInput> = {}): ChatRequestInput => ({
  model: testChatModelId,
  temperature: 0.3,
  max_tokens: 200,
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: secretPrompt },
  ],
  options: { requestId: id },
  ...extra,
});

beforeAll(async () => {
  model = await startModelServer({ promptTokens: 40, cachedTokens: 8 });
  p = await startChatPlatform({ keepAliveMs: 50 });
  await p.configure(
    chatModelConfigurations(`${model.chatUrl}?api-version=2024-10-21`, { key: 'sk-relay-1234' }),
  );
});

afterAll(async () => {
  await p.close();
  await model.close();
});

describe('POST /api/chat: a streamed answer', () => {
  it("answers in the platform's SSE format: model status, tokens, final status, usage, end", async () => {
    const id = requestId();
    const res = await p.chat(ann, ask(id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const { events } = parseSse(res.body);
    const m = testChatModel();
    const usage: ChatUsage = {
      inputTokens: 40,
      outputTokens: 5,
      cachedTokens: 8,
      cost: costOf(m, { inputTokens: 40, outputTokens: 5, cachedTokens: 8 }),
    };
    const asking = { id: 'model', summary: chatMessages.askingModel(m.name), type: 'model' };
    const chunks = events.map((e) => e.chunk);
    // Tokens that come within one turn of the server's event loop go out as one answer chunk.
    const answers = chunks.filter((c) => c.s === 'answer');
    expect(answers.map((c) => ('d' in c ? c.d : '')).join('')).toBe('Hello from the test model.');
    expect(chunks).toEqual([
      { s: 'meta', st: { ...asking, inProgress: true } },
      ...answers,
      { s: 'meta', st: { ...asking, inProgress: false } },
      { s: 'meta', usage },
      { s: 'result', type: 'end' },
    ]);
    // The ids are the stream writer's: what a reload resumes from.
    expect(events.map((e) => e.id)).toEqual(p.streams.streams.get(id)?.chunks.map((c) => c.id));
    expect(p.streams.streams.get(id)).toMatchObject({ owner: ann, ended: true });
  });

  it('calls exactly the endpoint url entered, its query kept, with the key in both headers', () => {
    const seen = model.requests.at(-1);
    expect(seen?.url).toBe('/v1/chat/completions?api-version=2024-10-21');
    expect(seen?.headers['api-key']).toBe('sk-relay-1234');
    expect(seen?.headers['authorization']).toBe('Bearer sk-relay-1234');
  });

  it('appends ChatRequested, the model status and ChatCompleted, with the actor; no prompt or answer text (local storage)', async () => {
    const id = requestId();
    await p.chat(ann, ask(id));
    const events = await p.chatEvents(id);
    expect(events.map((e) => e.type)).toEqual(['ChatRequested', 'ChatStatusChanged', 'ChatCompleted']);
    expect(events.every((e) => e.metadata.actor.email === ann)).toBe(true);
    const requested = events[0]?.data as ChatRequestedData;
    expect(requested).toMatchObject({
      requestId: id,
      model: testChatModelId,
      accountId: 'general_account',
      maxTokens: 200,
      messageCount: 2,
      storage: 'future-local',
    });
    expect(requested.messages).toBeUndefined();
    expect(events[2]?.data).toMatchObject({ requestId: id, usage: { inputTokens: 40, outputTokens: 5 } });
    const text = JSON.stringify(events);
    expect(text).not.toContain('private question');
    expect(text).not.toContain('test model');
    expect(text).not.toContain('sk-relay');
  });

  it('reserves the worst case in the request transaction and settles the actual cost', async () => {
    const id = requestId();
    await p.chat(ann, ask(id));
    const m = testChatModel();
    // Everything sent, by its UTF-8 bytes, with the template's tokens; max_tokens at its bound.
    const input =
      requestOverheadTokens + 2 * messageOverheadTokens + Buffer.byteLength('You are terse.' + secretPrompt);
    const reserved = p.spend.reserved.find((r) => r.requestId === id);
    expect(reserved).toMatchObject({ actor: ann, accountId: 'general_account' });
    expect(reserved?.amount).toBeCloseTo(
      costOf(m, { inputTokens: input, outputTokens: outputBoundTokens(200), cachedTokens: 0 }),
      12,
    );
    expect(p.spend.inTransaction.at(-1)).toBe(true);
    const settled = p.spend.settled.find((r) => r.requestId === id);
    expect(settled?.amount).toBeCloseTo(costOf(m, { inputTokens: 40, outputTokens: 5, cachedTokens: 8 }));
  });

  it('with cloud storage, ChatRequested keeps the last user message and ChatCompleted the answer, sealed under the conversation key', async () => {
    await p.configure([{ type: 'defaultConversationStorage', data: 'future-cloud' }]);
    try {
      const id = requestId();
      const conversation = ask(id, {
        messages: [
          { role: 'user', content: 'first question' },
          { role: 'assistant', content: 'first answer' },
          { role: 'user', content: 'second question' },
        ],
      });
      conversation.options = { ...conversation.options, conversationId: 'relay-cloud-1' };
      await p.chat(ann, conversation);
      const events = await p.chatEvents(id);
      const requested = events[0]?.data as ChatRequestedData;
      expect(requested.messages).toBeUndefined();
      const db = p.database.db;
      expect(
        JSON.parse(await openSealedText(db, requested.sealedMessages, sealedTextPurposes.chatMessages(id))),
      ).toEqual([{ role: 'user', content: 'second question' }]);
      const end = events.at(-1);
      expect(end?.type).toBe('ChatCompleted');
      const ended = end?.data as { answer?: string; sealedAnswer?: SealedText };
      expect(ended.answer).toBeUndefined();
      expect(ended.sealedAnswer?.dataKeyId).toBe(requested.sealedMessages?.dataKeyId);
      expect(await openSealedText(db, ended.sealedAnswer, sealedTextPurposes.chatAnswer(id))).toBe(
        'Hello from the test model.',
      );
      // Nothing of the text in clear in the log.
      const text = JSON.stringify(events);
      for (const clear of ['second question', 'test model']) expect(text).not.toContain(clear);
      // The conversation's next request is sealed under the same key (one key per conversation).
      const next = requestId();
      await p.chat(ann, { ...conversation, options: { ...conversation.options, requestId: next } });
      const nextRequested = (await p.chatEvents(next))[0]?.data as ChatRequestedData;
      expect(nextRequested.sealedMessages?.dataKeyId).toBe(requested.sealedMessages?.dataKeyId);
      // A cloud request in no conversation keeps no text at all: there is nothing that could show or delete it.
      const lone = requestId();
      await p.chat(ann, ask(lone));
      const loneEvents = await p.chatEvents(lone);
      expect(loneEvents[0]?.data).not.toHaveProperty('sealedMessages');
      expect(loneEvents.at(-1)?.data).not.toHaveProperty('sealedAnswer');
      expect(JSON.stringify(loneEvents)).not.toContain('private question');
    } finally {
      await p.configure([{ type: 'defaultConversationStorage', data: 'future-local' }]);
    }
  });

  it('sends keep-alive comments while the provider is silent', async () => {
    model.behave({ firstTokenDelayMs: 400 });
    try {
      const res = await p.chat(ann, ask(requestId()));
      const { events, keepAlives } = parseSse(res.body);
      expect(keepAlives).toBeGreaterThan(0);
      expect(events.at(-1)?.chunk).toEqual({ s: 'result', type: 'end' });
    } finally {
      model.behave({ promptTokens: 40, cachedTokens: 8 });
    }
  });

  it('accepts a session token as a bearer token', async () => {
    const token = await p.signIn('bea@example.com');
    const res = await p.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { authorization: `Bearer ${token}` },
      payload: ask(requestId()),
    });
    expect(res.statusCode).toBe(200);
    expect(parseSse(res.body).events.at(-1)?.chunk).toEqual({ s: 'result', type: 'end' });
  });

  it('anonymous callers are refused (401)', async () => {
    const res = await p.app.inject({ method: 'POST', url: '/api/chat', payload: ask(requestId()) });
    expect(res.statusCode).toBe(401);
  });
});
