import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, costOf, type ChatRequestInput, type ChatStatus } from '@app/contracts';
import { startModelServer, testChatModel, type ModelServer } from '@app/platform/testing';
import { startChatPlatform, parseSse, type ChatPlatform } from '../support-chat/chat-platform';
import { modelsWithEndpoints } from '../support-chat/chat-config';
import { messageOverheadTokens, requestOverheadTokens } from '../../src/chat/token-bound';

const ann = 'ann@example.com';

let p: ChatPlatform;
let failing: ModelServer;
let working: ModelServer;
let breaking: ModelServer;
let gone: ModelServer;
let silent: ModelServer;
let n = 0;

const failover = testChatModel({ id: 'failover-model', name: 'Failover' });
const refused = testChatModel({ id: 'refused-model', name: 'Refused First' });
const broken = testChatModel({ id: 'broken-model', name: 'Broken' });
const allFail = testChatModel({ id: 'all-fail-model', name: 'All Fail' });
const pooled = testChatModel({ id: 'pooled-model', name: 'Pooled' });
const silentOnly = testChatModel({ id: 'silent-model', name: 'Silent' });
const silentFirst = testChatModel({ id: 'silent-first-model', name: 'Silent First' });

const ask = (modelId: string): ChatRequestInput => ({
  model: modelId,
  max_tokens: 100,
  messages: [{ role: 'user', content: 'a question of sixteen chars'.slice(0, 16) }],
  options: { requestId: `failover-${++n}` },
});

beforeAll(async () => {
  failing = await startModelServer({ failWith: 500 });
  working = await startModelServer({ promptTokens: 12 });
  breaking = await startModelServer({
    tokens: ['one', ' two', ' three', ' four', ' five', ' six'],
    tokenDelayMs: 30,
    breakAfterTokens: 3,
  });
  gone = await startModelServer();
  await gone.close();
  // Its stream opens (200, the role chunk), then the connection closes before any text.
  silent = await startModelServer({ firstTokenDelayMs: 20, breakAfterTokens: 0 });
  p = await startChatPlatform();
  await p.configure(
    modelsWithEndpoints([
      {
        model: failover,
        endpoints: [
          { url: failing.chatUrl, key: 'k-failing' },
          { url: working.chatUrl, key: 'k-working' },
        ],
      },
      {
        model: refused,
        endpoints: [
          { url: gone.chatUrl, key: 'k-gone' },
          { url: working.chatUrl, key: 'k-working' },
        ],
      },
      { model: broken, endpoints: [{ url: breaking.chatUrl, key: 'k-breaking' }] },
      {
        model: allFail,
        endpoints: [
          { url: gone.chatUrl, key: 'k-gone' },
          { url: failing.chatUrl, key: 'k-failing' },
        ],
      },
      { model: silentOnly, endpoints: [{ url: silent.chatUrl, key: 'k-silent' }] },
      {
        model: silentFirst,
        endpoints: [
          { url: silent.chatUrl, key: 'k-silent' },
          { url: working.chatUrl, key: 'k-working' },
        ],
      },
      {
        model: pooled,
        endpoints: [
          { url: working.chatUrl, key: 'k-one' },
          { url: working.chatUrl, key: 'k-two' },
        ],
      },
    ]),
  );
});

afterAll(async () => {
  await p.close();
  await Promise.all([failing.close(), working.close(), breaking.close(), silent.close()]);
});

const statusesOf = (events: { type: string; data: unknown }[]): ChatStatus[] =>
  events.filter((e) => e.type === 'ChatStatusChanged').map((e) => (e.data as { status: ChatStatus }).status);

describe('POST /api/chat: endpoints that fail before the first token', () => {
  it('a 500 from the first endpoint: the next one answers, the failover is shown and recorded', async () => {
    const before = { failing: failing.requests.length, working: working.requests.length };
    const body = ask(failover.id);
    const res = await p.chat(ann, body);
    const chunks = parseSse(res.body).events.map((e) => e.chunk);
    expect(failing.requests.length).toBe(before.failing + 1);
    expect(working.requests.length).toBe(before.working + 1);
    const note = chatMessages.endpointFailedTryingNext(chatMessages.providerReasons.status(500));
    expect(chunks).toContainEqual({
      s: 'meta',
      st: expect.objectContaining({ message: note, inProgress: true }) as unknown,
    });
    expect(
      chunks
        .filter((c) => c.s === 'answer')
        .map((c) => c.d)
        .join(''),
    ).toBe('Hello from the test model.');
    expect(chunks.some((c) => c.s === 'error')).toBe(false);
    const events = await p.chatEvents(body.options.requestId);
    expect(events.map((e) => e.type)).toEqual([
      'ChatRequested',
      'ChatStatusChanged',
      'ChatStatusChanged',
      'ChatCompleted',
    ]);
    expect(statusesOf(events)[1]?.message).toBe(note);
  });

  it('a refused connection: the next endpoint answers', async () => {
    const res = await p.chat(ann, ask(refused.id));
    const chunks = parseSse(res.body).events.map((e) => e.chunk);
    const note = chatMessages.endpointFailedTryingNext(chatMessages.providerReasons.unreachable);
    expect(chunks).toContainEqual({ s: 'meta', st: expect.objectContaining({ message: note }) as unknown });
    expect(chunks.at(-1)).toEqual({ s: 'result', type: 'end' });
    expect(chunks.some((c) => c.s === 'error')).toBe(false);
  });

  it('every endpoint failing: an error chunk, ChatFailed with nothing used, the reservation released', async () => {
    const body = ask(allFail.id);
    const chunks = parseSse((await p.chat(ann, body)).body).events.map((e) => e.chunk);
    const message = chatMessages.providerFailed(allFail.name, chatMessages.providerReasons.status(500));
    expect(chunks).toContainEqual({ s: 'error', d: message });
    expect(chunks.slice(-3)).toEqual([
      { s: 'meta', st: expect.objectContaining({ inProgress: false }) as unknown },
      { s: 'meta', usage: { inputTokens: 0, outputTokens: 0, cachedTokens: 0, cost: 0 } },
      { s: 'result', type: 'end' },
    ]);
    const events = await p.chatEvents(body.options.requestId);
    expect(events.at(-1)).toMatchObject({ type: 'ChatFailed', data: { message } });
    expect(p.spend.settled.find((s) => s.requestId === body.options.requestId)?.amount).toBe(0);
  });
});

describe('POST /api/chat: a provider that breaks off mid-answer', () => {
  it('keeps the partial answer, sends an error chunk, appends ChatFailed and charges the tokens used', async () => {
    const body = ask(broken.id);
    const chunks = parseSse((await p.chat(ann, body)).body).events.map((e) => e.chunk);
    const answer = chunks
      .filter((c) => c.s === 'answer')
      .map((c) => c.d)
      .join('');
    expect(answer.startsWith('one')).toBe(true);
    expect(answer).not.toContain('six');
    const message = chatMessages.providerFailed(broken.name, chatMessages.providerReasons.interrupted);
    expect(chunks).toContainEqual({ s: 'error', d: message });
    expect(chunks.at(-1)).toEqual({ s: 'result', type: 'end' });
    // Broken off, the provider sent no usage: charged the bound of what was sent and streamed.
    const inputTokens = requestOverheadTokens + messageOverheadTokens + 16;
    const tokens = { inputTokens, outputTokens: Buffer.byteLength(answer, 'utf8'), cachedTokens: 0 };
    const usage = { ...tokens, cost: costOf(broken, tokens) };
    expect(chunks).toContainEqual({ s: 'meta', usage });
    const events = await p.chatEvents(body.options.requestId);
    expect(events.at(-1)).toMatchObject({ type: 'ChatFailed', data: { message, usage } });
    expect(p.spend.settled.find((s) => s.requestId === body.options.requestId)?.amount).toBeCloseTo(
      usage.cost,
    );
  });
});

describe('POST /api/chat: a stream that opens and breaks before any text', () => {
  // The provider read the request: its input is charged, though no text came.
  const inputTokens = requestOverheadTokens + messageOverheadTokens + 16;

  it('the only endpoint: ChatFailed, charged the bound of what was sent', async () => {
    const body = ask(silentOnly.id);
    const chunks = parseSse((await p.chat(ann, body)).body).events.map((e) => e.chunk);
    expect(chunks.some((c) => c.s === 'answer')).toBe(false);
    expect(chunks.some((c) => c.s === 'error')).toBe(true);
    const tokens = { inputTokens, outputTokens: 0, cachedTokens: 0 };
    const usage = { ...tokens, cost: costOf(silentOnly, tokens) };
    expect(usage.cost).toBeGreaterThan(0);
    expect(chunks).toContainEqual({ s: 'meta', usage });
    const events = await p.chatEvents(body.options.requestId);
    expect(events.at(-1)).toMatchObject({ type: 'ChatFailed', data: { usage } });
    expect(p.spend.settled.find((s) => s.requestId === body.options.requestId)?.amount).toBeCloseTo(
      usage.cost,
    );
  });

  it("then the next endpoint answers: its reported usage is charged with the first call's input", async () => {
    const body = ask(silentFirst.id);
    const chunks = parseSse((await p.chat(ann, body)).body).events.map((e) => e.chunk);
    expect(chunks.some((c) => c.s === 'error')).toBe(false);
    const events = await p.chatEvents(body.options.requestId);
    expect(events.at(-1)).toMatchObject({
      type: 'ChatCompleted',
      // The working server reports 12 prompt tokens.
      data: { usage: { inputTokens: 12 + inputTokens } },
    });
  });
});

describe('POST /api/chat: the endpoint pool', () => {
  it('spreads requests over the endpoints of a model, round robin', async () => {
    const start = working.requests.length;
    for (let i = 0; i < 4; i++) await p.chat(ann, ask(pooled.id));
    const keys = working.requests.slice(start).map((r) => r.headers['api-key']);
    expect(keys).toEqual(['k-one', 'k-two', 'k-one', 'k-two']);
  });
});
