import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, sessionCookieName, type ChatRequestInput } from '@app/contracts';
import {
  chatModelConfigurations,
  startModelServer,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { answerText, parseSse, startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';

const ann = 'ann@example.com';
const gil = 'gil@example.com';
const tokens = Array.from({ length: 40 }, (_, i) => ` t${i}`);

let p: ChatPlatform;
let model: ModelServer;
let n = 0;

const ask = (): ChatRequestInput => ({
  model: testChatModelId,
  messages: [{ role: 'user', content: 'count slowly' }],
  options: { requestId: `stop-${++n}` },
});
const killSwitch = (requestId: string) => ({ killSwitch: { requestId, value: true } });

/** Waits until the request has sent its first answer chunk (the provider is streaming). */
const answering = async (platform: ChatPlatform, requestId: string) => {
  await expect
    .poll(() => platform.streams.streams.get(requestId)?.chunks.some((c) => c.chunk.s === 'answer'), {
      timeout: 15_000,
    })
    .toBe(true);
};

beforeAll(async () => {
  model = await startModelServer({ tokens, tokenDelayMs: 100 });
  p = await startChatPlatform();
  await p.configure(chatModelConfigurations(model.chatUrl));
});

afterAll(async () => {
  await p.close();
  await model.close();
});

describe('the kill switch', () => {
  it("the owner's stop closes the provider connection, ends the stream and appends ChatStopped", async () => {
    const body = ask();
    const id = body.options.requestId;
    const streaming = p.chat(ann, body);
    await answering(p, id);
    const stop = await p.chat(ann, killSwitch(id));
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ success: true, message: chatMessages.stopRequested });
    const res = await streaming;
    const chunks = parseSse(res.body).events.map((e) => e.chunk);
    const answered = chunks.filter((c) => c.s === 'answer').length;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(tokens.length);
    expect(chunks.slice(-4)).toEqual([
      {
        s: 'meta',
        st: expect.objectContaining({ inProgress: false, message: chatMessages.stopped }) as unknown,
      },
      { s: 'meta', stopped: 'user' },
      {
        s: 'meta',
        usage: expect.objectContaining({ outputTokens: expect.any(Number) as number }) as unknown,
      },
      { s: 'result', type: 'end' },
    ]);
    await expect.poll(() => model.requests.at(-1)?.closedEarly, { timeout: 15_000 }).toBe(true);
    expect(model.requests.at(-1)?.tokensSent).toBeLessThan(tokens.length);
    const events = await p.chatEvents(id);
    expect(events.map((e) => e.type)).toEqual(['ChatRequested', 'ChatStatusChanged', 'ChatStopped']);
    expect(events.at(-1)?.data).toMatchObject({ reason: 'user' });
    expect(events.at(-1)?.metadata.actor.email).toBe(ann);
    expect(p.spend.settled.find((s) => s.requestId === id)?.amount).toBeGreaterThan(0);
  });

  it("another user's stop answers 404 and does nothing: the stream goes on to ChatCompleted", async () => {
    model.behave({ tokens: tokens.slice(0, 8), tokenDelayMs: 50 });
    try {
      const body = ask();
      const id = body.options.requestId;
      const streaming = p.chat(ann, body);
      await answering(p, id);
      const published = p.stopBus.published.length;
      const stop = await p.chat(gil, killSwitch(id));
      expect(stop.statusCode).toBe(404);
      expect(stop.json()).toEqual({ error: chatMessages.noSuchRequest });
      expect(p.stopBus.published.length).toBe(published);
      const chunks = parseSse((await streaming).body).events.map((e) => e.chunk);
      // Tokens that arrive in one turn go out as one chunk: the whole answer is what counts.
      expect(answerText(chunks)).toBe(tokens.slice(0, 8).join(''));
      expect((await p.chatEvents(id)).at(-1)?.type).toBe('ChatCompleted');
    } finally {
      model.behave({ tokens, tokenDelayMs: 100 });
    }
  });

  it('a stop for a request that ended, or that never was: 404, the same words', async () => {
    model.behave({ tokens: ['done'] });
    try {
      const body = ask();
      await p.chat(ann, body);
      for (const id of [body.options.requestId, 'never-was']) {
        const stop = await p.chat(ann, killSwitch(id));
        expect(stop.statusCode).toBe(404);
        expect(stop.json()).toEqual({ error: chatMessages.noSuchRequest });
      }
    } finally {
      model.behave({ tokens, tokenDelayMs: 100 });
    }
  });

  it('a client that goes away does not stop the generation', async () => {
    model.behave({ tokens: tokens.slice(0, 6), tokenDelayMs: 50 });
    try {
      const url = await p.app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await p.signIn(ann);
      const body = ask();
      const abort = new AbortController();
      const res = await fetch(`${url}/api/chat`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `${sessionCookieName}=${cookie}`,
          origin: url,
        },
        body: JSON.stringify(body),
        signal: abort.signal,
      }).catch(() => null);
      expect(res?.status).toBe(200);
      await answering(p, body.options.requestId);
      abort.abort();
      await expect
        .poll(async () => (await p.chatEvents(body.options.requestId)).at(-1)?.type, { timeout: 15_000 })
        .toBe('ChatCompleted');
      const kept = p.streams.streams.get(body.options.requestId)?.chunks.map((c) => c.chunk) ?? [];
      expect(answerText(kept)).toBe(tokens.slice(0, 6).join(''));
    } finally {
      model.behave({ tokens, tokenDelayMs: 100 });
    }
  });
});

describe('the server shutting down', () => {
  it('stops the generations it serves, each recorded as ChatStopped', async () => {
    const other = await startChatPlatform();
    let closed = false;
    try {
      await other.configure(chatModelConfigurations(model.chatUrl));
      const body = ask();
      const streaming = other.chat(ann, body);
      await answering(other, body.options.requestId);
      await other.app.close();
      closed = true;
      const chunks = parseSse((await streaming).body).events.map((e) => e.chunk);
      expect(chunks.at(-1)).toEqual({ s: 'result', type: 'end' });
      expect((await other.chatEvents(body.options.requestId)).at(-1)?.type).toBe('ChatStopped');
    } finally {
      if (!closed) await other.app.close();
      await other.outbound.close();
      await other.database.drop();
    }
  });
});
