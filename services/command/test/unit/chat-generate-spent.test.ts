import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRequest } from '@app/contracts';
import { createOutboundClient, parseAllowList, type OutboundClient } from '@app/platform';
import { startModelServer, testChatModel, type ModelServer } from '@app/platform/testing';
import { generate } from '../../src/chat/generate';
import { generationRequestOf } from '../../src/chat/generation-request';
import { reservationOf } from '../../src/chat/reservation';

let silent: ModelServer;
let endless: ModelServer;
let refusing: ModelServer;
let outbound: OutboundClient;

beforeAll(async () => {
  // Its stream opens (200, the role chunk), then the connection closes before any text.
  silent = await startModelServer({ firstTokenDelayMs: 20, breakAfterTokens: 0 });
  // Ignores max_tokens: 2,000 words of 5 bytes.
  endless = await startModelServer({ tokens: Array.from({ length: 2000 }, () => ' word') });
  refusing = await startModelServer({ failWith: 503 });
  outbound = createOutboundClient({ allow: parseAllowList(['127.0.0.1']) });
});

afterAll(async () => {
  await outbound.close();
  await Promise.all([silent.close(), endless.close(), refusing.close()]);
});

const model = testChatModel({ inputTokenCost: 0.03, outputTokenCost: 0.01, systemPrompt: '' });
const request: ChatRequest = {
  model: model.id,
  temperature: 0.4,
  max_tokens: 100,
  stream: true,
  dataSources: [],
  messages: [{ role: 'user', content: 'Hi' }],
  options: { requestId: 'r' },
};

const run = async (first: ModelServer) => {
  const asked = generationRequestOf(request, model);
  const { budget, inputTokens } = reservationOf(asked, model, false);
  const outcome = await generate(
    { ...asked, budget },
    [first, endless].map((s) => ({ open: () => Promise.resolve({ url: s.chatUrl, key: 'k' }) })),
    outbound,
    new AbortController().signal,
    { onDelta: () => undefined, onFailover: () => Promise.resolve() },
  );
  return { outcome, budget, inputTokens };
};

describe('failover after a call that reached the provider', () => {
  it('Given a first endpoint whose stream opened and broke before any text, When the next one streams without end, Then it may spend only what is left: stopped at the reservation, the first call charged', async () => {
    const { outcome, budget, inputTokens } = await run(silent);
    expect(outcome.kind).toBe('stopped');
    if (outcome.kind !== 'stopped') return;
    expect(outcome.reason).toBe('reservation');
    // Both calls' input, and the second one's output cut where the first call's input was paid for.
    expect(outcome.bound.inputTokens).toBe(2 * inputTokens);
    const paidByFirst = Math.ceil((inputTokens * 0.03) / 0.01);
    expect(outcome.bound.outputTokens).toBeGreaterThanOrEqual(budget.maxOutput - paidByFirst);
    expect(outcome.bound.outputTokens).toBeLessThan(budget.maxOutput - paidByFirst + 5);
  });

  it('Given a first endpoint that refused (503), When the next one streams without end, Then it gets all of max_tokens, nothing charged for the refusal', async () => {
    const { outcome, budget, inputTokens } = await run(refusing);
    expect(outcome).toMatchObject({ kind: 'stopped', reason: 'maxTokens' });
    if (outcome.kind !== 'stopped') return;
    expect(outcome.bound.inputTokens).toBe(inputTokens);
    expect(outcome.bound.outputTokens).toBeGreaterThanOrEqual(budget.maxOutput);
  });
});
