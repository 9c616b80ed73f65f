import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMessages, type ChatRequestInput } from '@app/contracts';
import {
  chatModelConfigurations,
  startModelServer,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';

const ann = 'ann@budget.example.com';
const bob = 'bob@budget.example.com';
const budget = 3;

let p: ChatPlatform;
let model: ModelServer;
let n = 0;
const ask = (): ChatRequestInput => ({
  model: testChatModelId,
  messages: [{ role: 'user', content: 'hello' }],
  options: { requestId: `budget-${++n}` },
});

beforeAll(async () => {
  model = await startModelServer();
  // The admin's configuration save is the admin's budget, not the users'.
  p = await startChatPlatform({ commandsPerMinute: budget });
  await p.configure(chatModelConfigurations(model.chatUrl));
});
afterAll(async () => {
  await p.close();
  await model.close();
});

/** The budget's 429: the plugin's words and a Retry-After within the minute, nothing recorded or sent. */
const expectSpent = async (email: string, body: unknown) => {
  const before = { events: (await p.allChatEvents()).length, sent: model.requests.length };
  const res = await p.chat(email, body as ChatRequestInput);
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.json()).toEqual({ error: identityMessages.tooManyRequests(retryAfter) });
  expect((await p.allChatEvents()).length).toBe(before.events);
  expect(model.requests.length).toBe(before.sent);
};

describe('POST /api/chat spends the request budget, its verdict awaited beside the first reads', () => {
  it(`given ${budget} chat requests of a user in a minute (on whichever instances), when a ${budget + 1}th is sent, then it is refused with 429 and nothing is recorded or sent; another user is unaffected`, async () => {
    for (let i = 0; i < budget; i++) expect((await p.chat(ann, ask())).statusCode).toBe(200);
    await expectSpent(ann, ask());
    // A body refused by its shape, and a kill switch, are one too many as well.
    await expectSpent(ann, { model: testChatModelId });
    await expectSpent(ann, { killSwitch: { requestId: 'budget-1', value: true } });
    expect((await p.chat(bob, ask())).statusCode).toBe(200);
  });

  it('given a budget nearly spent, when requests are sent at once, then no more than the budget go through', async () => {
    const carl = 'carl@budget.example.com';
    const answers = await Promise.all(Array.from({ length: 8 }, () => p.chat(carl, ask())));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(budget);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(8 - budget);
  });
});
