import { describe, expect, it } from 'vitest';
import { costOf } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { parseChatPost } from '../../src/chat/chat-body';
import { createEndpointPool } from '../../src/models/index';
import { tokensUsed, worstCaseCost } from '../../src/chat/usage';

describe('token bounds and costs', () => {
  it('the worst case: the estimated input and every max_tokens output token, nothing cached', () => {
    const m = testChatModel({ inputTokenCost: 0.01, outputTokenCost: 0.03, cachedTokenCost: 0.001 });
    expect(worstCaseCost(m, 100, 1000)).toBeCloseTo(
      costOf(m, { inputTokens: 100, outputTokens: 1000, cachedTokens: 0 }),
    );
    expect(worstCaseCost(m, 100, 1000)).toBeCloseTo(0.001 + 0.03);
  });

  it("the provider's usage when given, the bound of what was sent and streamed where it is missing", () => {
    const estimate = { inputTokens: 9, outputTokens: 3 };
    expect(
      tokensUsed({ inputTokens: 40, outputTokens: 5, inputTokenDetails: { cacheReadTokens: 8 } }, estimate),
    ).toEqual({ inputTokens: 40, outputTokens: 5, cachedTokens: 8 });
    expect(tokensUsed(undefined, estimate)).toEqual({ inputTokens: 9, outputTokens: 3, cachedTokens: 0 });
    expect(tokensUsed({ inputTokens: undefined, outputTokens: undefined }, estimate)).toEqual({
      inputTokens: 9,
      outputTokens: 3,
      cachedTokens: 0,
    });
  });
});

describe('the endpoint pool', () => {
  it('round robin per model, each order going on to the others', () => {
    const pool = createEndpointPool();
    expect(pool.order('a', [1, 2, 3])).toEqual([1, 2, 3]);
    expect(pool.order('a', [1, 2, 3])).toEqual([2, 3, 1]);
    expect(pool.order('b', [1, 2])).toEqual([1, 2]);
    expect(pool.order('a', [1, 2, 3])).toEqual([3, 1, 2]);
    expect(pool.order('a', [1, 2, 3])).toEqual([1, 2, 3]);
    expect(pool.order('c', [])).toEqual([]);
  });
});

describe('the body of POST /api/chat', () => {
  it('a kill switch by its key, a chat request otherwise; refusals name the field', () => {
    expect(parseChatPost({ killSwitch: { requestId: 'r', value: true } })).toEqual({
      value: { killSwitch: { requestId: 'r', value: true } },
    });
    const refused = parseChatPost({ model: 'm', messages: [{ role: 'user', content: 'x' }], options: {} });
    expect('error' in refused && refused.error.message).toMatch(/^options\.requestId: /);
    const chat = parseChatPost({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      options: { requestId: 'r' },
    });
    expect('value' in chat && chat.value).toMatchObject({ temperature: 1, max_tokens: 1000, stream: true });
  });
});
