import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRoute, chatStreamId } from '@app/contracts';
import { readStream } from '@app/platform';
import {
  chatModelConfigurations,
  startModelServer,
  testChatModel,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { startApiKeysPlatform, type ApiKeysPlatform } from '../../support-api-keys/api-keys-platform';

/**
 * Probes of the provider call that is prepared while a request is accepted: through HTTP, with the
 * real spend guard and the real outbound client, the model server on loopback counting what reaches it.
 */
let p: ApiKeysPlatform;
let model: ModelServer;
let n = 0;
const ask = (extra: { requestId?: string; accountId?: string } = {}) => ({
  model: testChatModelId,
  messages: [{ role: 'user', content: 'hello' }],
  options: {
    requestId: extra.requestId ?? `gate-${++n}`,
    ...(extra.accountId ? { accountId: extra.accountId } : {}),
  },
});
const chat = (email: string, body: ReturnType<typeof ask>) => p.call({ email }, 'POST', chatRoute, body);
const requested = async (requestId: string) =>
  (await readStream(p.database.db, chatStreamId(requestId))).filter((e) => e.type === 'ChatRequested');

beforeAll(async () => {
  model = await startModelServer();
  p = await startApiKeysPlatform();
  await p.configure(chatModelConfigurations(model.chatUrl, { models: [testChatModel()] }));
});
afterAll(async () => {
  await p.close();
  await model.close();
});

describe('the gate of a chat request, as an attacker tries it', () => {
  it('given a user limit already spent, when the user asks, then 429 and the model server sees nothing', async () => {
    await p.configure([{ type: 'rateLimit', data: { period: 'Daily', rate: 0 } }]);
    try {
      const before = model.requests.length;
      const res = await chat('spent@gate.example.com', ask());
      expect(res.statusCode).toBe(429);
      expect(model.requests.length).toBe(before);
    } finally {
      await p.configure([{ type: 'rateLimit', data: { period: 'Unlimited', rate: null } }]);
    }
  });

  it('given no limit, when a user names an account that is not theirs, then it is refused and the model server sees nothing', async () => {
    const before = model.requests.length;
    const res = await chat('ann@gate.example.com', ask({ accountId: 'someone-elses' }));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json<{ error: string }>().error).toBe(chatMessages.unknownAccount('someone-elses'));
    expect(model.requests.length).toBe(before);
  });

  it('given another user’s finished request, when its id is sent again, then 409 and the model server sees nothing', async () => {
    const first = ask();
    expect((await chat('ann@gate.example.com', first)).statusCode).toBe(200);
    const before = model.requests.length;
    const res = await chat('eve@gate.example.com', first);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe(chatMessages.requestIdInUse);
    expect(model.requests.length).toBe(before);
  });

  it('given one new id sent ten times at once, when they race, then one answers 200, the others 409, and one request is recorded', async () => {
    const body = ask();
    const statuses = (
      await Promise.all(Array.from({ length: 10 }, (_, i) => chat(`racer-${i % 2}@gate.example.com`, body)))
    ).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await requested(body.options.requestId)).toHaveLength(1);
  });
});
