import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  chatRoute,
  chatStreamId,
  costOf,
  spendStreamIds,
  type ChatRequestedData,
  type ChatUsage,
} from '@app/contracts';
import { readStream } from '@app/platform';
import {
  chatModelConfigurations,
  startModelServer,
  testChatModel,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { startApiKeysPlatform, type ApiKeysPlatform } from '../support-api-keys/api-keys-platform';
import { parseSse } from '../support-chat/chat-platform';

/**
 * Spend that cannot pass a limit: through HTTP, with the real spend guard and outbound client, a
 * local model server on loopback that ignores max_tokens and reports what it likes.
 */
let p: ApiKeysPlatform;
let model: ModelServer;
const prices = { inputTokenCost: 0.01, outputTokenCost: 0.03 };
let n = 0;
const ask = (content: string, extra: { max_tokens?: number; accountId?: string } = {}) => ({
  model: testChatModelId,
  max_tokens: extra.max_tokens ?? 100,
  messages: [{ role: 'user', content }],
  options: {
    requestId: `bound-${++n}`,
    ...(extra.accountId ? { accountId: extra.accountId } : {}),
  },
});
const chat = (email: string, body: ReturnType<typeof ask>) => p.call({ email }, 'POST', chatRoute, body);
const chatEvents = (requestId: string) => readStream(p.database.db, chatStreamId(requestId));
/** The events of the log but sign-ins' (a caller's first request opens a session). */
const eventCount = async () =>
  Number(
    (
      await p.database.db
        .selectFrom('events')
        .where('stream_id', 'not like', 'session-%')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const settledOn = async (email: string) =>
  (await readStream(p.database.db, spendStreamIds.user(email)))
    .filter((e) => e.type === 'SpendSettled')
    .map((e) => e.data as { requestId: string; amount: number; reserved: number });

beforeAll(async () => {
  model = await startModelServer();
  p = await startApiKeysPlatform();
  await p.configure(chatModelConfigurations(model.chatUrl, { models: [testChatModel(prices)] }));
});
afterAll(async () => {
  await p.close();
  await model.close();
});

describe('a model server that ignores max_tokens, against an hourly limit of one cent', () => {
  it('given ten concurrent requests with max_tokens 1 and 400 tokens streamed each, then each answer stops at its bound and the spend recorded stays within the limit', async () => {
    const ann = 'ann@bound.example.com';
    await p.configure([{ type: 'rateLimit', data: { period: 'Hourly', rate: 0.01 } }]);
    try {
      model.requests.length = 0;
      model.behave({ tokens: Array.from({ length: 400 }, () => ' tok'), tokenDelayMs: 2 });
      const bodies = Array.from({ length: 10 }, () => ask('Tell me everything you know.', { max_tokens: 1 }));
      const answers = await Promise.all(bodies.map((b) => chat(ann, b)));
      const accepted = bodies.filter((_, i) => answers[i]?.statusCode === 200);
      expect(accepted.length).toBeGreaterThan(0);
      for (const [i, res] of answers.entries()) {
        if (res.statusCode !== 200) {
          expect(res.statusCode).toBe(429);
          continue;
        }
        const chunks = parseSse(res.body).events.map((e) => e.chunk);
        expect(chunks).toContainEqual({ s: 'meta', stopped: 'maxTokens' });
        expect(chunks.at(-1)).toEqual({ s: 'result', type: 'end' });
        const events = await chatEvents(bodies[i]?.options.requestId ?? '');
        const requested = events[0]?.data as ChatRequestedData;
        const end = events.at(-1);
        expect(end).toMatchObject({ type: 'ChatStopped', data: { reason: 'maxTokens' } });
        expect((end?.data as { usage: ChatUsage }).usage.cost).toBeLessThanOrEqual(requested.reserved);
      }
      // Every provider call was closed before the server had streamed its 400 tokens.
      await expect
        .poll(() => model.requests.filter((r) => r.closedEarly && r.tokensSent < 400).length)
        .toBe(accepted.length);
      const settled = await settledOn(ann);
      expect(settled).toHaveLength(accepted.length);
      for (const s of settled) expect(s.amount).toBeLessThanOrEqual(s.reserved);
      expect(settled.reduce((sum, s) => sum + s.amount, 0)).toBeLessThanOrEqual(0.01);
    } finally {
      await p.configure([{ type: 'rateLimit', data: { period: 'Unlimited', rate: null } }]);
    }
  });
});

describe('input in Chinese, Japanese and emoji', () => {
  it('given a server counting a token per byte of the prompt, then the reservation covers the usage it reports, settled as reported', async () => {
    const kim = 'kim@bound.example.com';
    const text = '请详细解释量子计算的基本原理。日本語でも説明してください。🚀🔥👩‍💻'.repeat(30);
    const bytesOfMessages = (body: Record<string, unknown>) =>
      (body['messages'] as { content: unknown }[]).reduce(
        (sum, m) => sum + Buffer.byteLength(typeof m.content === 'string' ? m.content : '', 'utf8'),
        0,
      );
    model.behave({ tokens: ['好', '的'], promptTokens: bytesOfMessages });
    const body = ask(text, { max_tokens: 50 });
    const res = await chat(kim, body);
    expect(res.statusCode).toBe(200);
    const events = await chatEvents(body.options.requestId);
    const requested = events[0]?.data as ChatRequestedData;
    const end = events.at(-1);
    expect(end?.type).toBe('ChatCompleted');
    const usage = (end?.data as { usage: ChatUsage }).usage;
    const reported = { inputTokens: Buffer.byteLength(text, 'utf8'), outputTokens: 2, cachedTokens: 0 };
    expect(usage).toMatchObject(reported);
    expect(usage.cost).toBeCloseTo(costOf(testChatModel(prices), reported), 10);
    // Characters / 4 would have reserved less than this request cost.
    expect(requested.reserved).toBeGreaterThanOrEqual(usage.cost);
    expect(await settledOn(kim)).toEqual([
      expect.objectContaining({ requestId: body.options.requestId, amount: usage.cost }),
    ]);
  });
});

describe('a server that reports more than it may have used', () => {
  it('given a finished answer whose usage claims a billion prompt tokens, then the cost recorded and settled is the reservation, the tokens as reported', async () => {
    const joe = 'joe@bound.example.com';
    model.behave({ tokens: ['ok'], promptTokens: 1_000_000_000 });
    const body = ask('hello', { max_tokens: 10 });
    expect((await chat(joe, body)).statusCode).toBe(200);
    const events = await chatEvents(body.options.requestId);
    const requested = events[0]?.data as ChatRequestedData;
    const usage = (events.at(-1)?.data as { usage: ChatUsage }).usage;
    expect(events.at(-1)?.type).toBe('ChatCompleted');
    expect(usage.inputTokens).toBe(1_000_000_000);
    expect(usage.cost).toBe(requested.reserved);
    expect(await settledOn(joe)).toEqual([expect.objectContaining({ amount: requested.reserved })]);
  });
});

describe('an account that is not the caller’s', () => {
  for (const limited of [false, true])
    it(`given ${limited ? 'a limit' : 'no limit'}, when a chat names it, then 400 naming it, nothing appended, nothing sent`, async () => {
      if (limited) await p.configure([{ type: 'rateLimit', data: { period: 'Hourly', rate: 5 } }]);
      try {
        const before = { events: await eventCount(), requests: model.requests.length };
        const body = ask('hello', { accountId: 'coa-nobody-has' });
        const res = await chat('lee@bound.example.com', body);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: string }>().error).toBe(chatMessages.unknownAccount('coa-nobody-has'));
        expect(await eventCount()).toBe(before.events);
        expect(model.requests.length).toBe(before.requests);
      } finally {
        if (limited) await p.configure([{ type: 'rateLimit', data: { period: 'Unlimited', rate: null } }]);
      }
    });
});
