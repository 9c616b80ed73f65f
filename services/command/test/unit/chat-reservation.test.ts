import { describe, expect, it } from 'vitest';
import { ChatRequest } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { reservationOf } from '../../src/chat/reservation';
import { boundedToolResult, defaultToolSteps, toolResultChars } from '../../src/chat/tool-loop';
import { worstCaseCost } from '../../src/chat/usage';

const model = testChatModel({ inputTokenCost: 0.01, outputTokenCost: 0.03, systemPrompt: '' });
const request = ChatRequest.parse({
  model: model.id,
  max_tokens: 1000,
  messages: [{ role: 'user', content: 'x'.repeat(400) }],
  options: { requestId: 'r-1' },
});
const assistant = (over: { instructions?: string; tools?: { name: string; description: string }[] }) => ({
  instructions: over.instructions ?? '',
  tools: over.tools ?? [],
  documentKeys: [],
});

describe('what a chat request reserves', () => {
  it('Given no assistant, When reserved, Then the worst case of one call: its input and max_tokens', () => {
    const r = reservationOf(request, model, undefined);
    expect(r.inputTokens).toBe(100);
    expect(r.amount).toBeCloseTo(worstCaseCost(model, 100, 1000));
  });

  it('Given an assistant, When reserved, Then its instructions count as input', () => {
    const r = reservationOf(request, model, assistant({ instructions: 'i'.repeat(4000) }));
    expect(r.inputTokens).toBe(1100);
  });

  it('Given an assistant with tools, When reserved, Then every step it may take is counted at its worst', () => {
    const one = reservationOf(request, model, assistant({})).amount;
    const withTools = reservationOf(
      request,
      model,
      assistant({ tools: [{ name: 'get_weather', description: 'Weather' }] }),
    ).amount;
    // Each later step resends what came before, so more than steps × one call.
    expect(withTools).toBeGreaterThan(defaultToolSteps * one);
  });
});

describe("a tool's result as the model sees it", () => {
  it('is kept whole when short, cut and marked when longer than the bound', () => {
    expect(boundedToolResult({ ok: true })).toEqual({ ok: true });
    const long = boundedToolResult({ text: 'y'.repeat(toolResultChars * 2) });
    expect(long).toMatchObject({ truncated: true });
    expect(JSON.stringify(long).length).toBeLessThan(toolResultChars + 100);
  });

  it('stays within the bound when cut text full of quotes is escaped again inside the result', () => {
    const quoted = boundedToolResult({ text: '"\\'.repeat(toolResultChars) });
    expect(quoted).toMatchObject({ truncated: true });
    expect(JSON.stringify(quoted).length).toBeLessThanOrEqual(toolResultChars);
    expect(JSON.stringify(quoted).length).toBeGreaterThan(toolResultChars - 10);
  });
});
