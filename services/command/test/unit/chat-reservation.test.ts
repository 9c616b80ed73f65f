import { describe, expect, it } from 'vitest';
import { jsonSchema, tool } from 'ai';
import { ChatRequest, costOf } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { allowanceOf, noBoundTokens } from '../../src/chat/call-budget';
import { generationRequestOf } from '../../src/chat/generation-request';
import { reservationOf } from '../../src/chat/reservation';
import { retrievalTokenAllowance } from '../../src/chat/retrieval';
import { messageOverheadTokens, outputBoundTokens, requestOverheadTokens } from '../../src/chat/token-bound';
import { defaultToolSteps, functionToolsOf } from '../../src/chat/tool-loop';
import type { ChatTools } from '../../src/chat/generation-request';
import { boundedToolResult, toolResultBytes } from '../../src/chat/tool-results';
import { settledUsage, worstCaseCost } from '../../src/chat/usage';

const model = testChatModel({ inputTokenCost: 0.01, outputTokenCost: 0.03, systemPrompt: '' });
const askedOf = (content: string, maxTokens = 1000) =>
  generationRequestOf(
    ChatRequest.parse({
      model: model.id,
      max_tokens: maxTokens,
      messages: [{ role: 'user', content }],
      options: { requestId: 'r-1' },
    }),
    model,
  );
const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

describe('what a chat request reserves', () => {
  it('Given English text, When reserved, Then its input is its UTF-8 bytes and the template, its output max_tokens at its bound', () => {
    const r = reservationOf(askedOf('x'.repeat(400)), model, false);
    expect(r.inputTokens).toBe(400 + messageOverheadTokens + requestOverheadTokens);
    expect(r.amount).toBeCloseTo(worstCaseCost(model, r.inputTokens, outputBoundTokens(1000)));
    expect(r.budget).toEqual({ reserved: r.amount, prices: model, maxOutput: outputBoundTokens(1000) });
  });

  it('Given Chinese, Japanese and emoji, When reserved, Then the input covers a token per byte (characters / 4 would not)', () => {
    const text = '请用中文详细解释量子计算的基本原理。日本語でも説明してください。🚀🔥👩‍💻'.repeat(20);
    const r = reservationOf(askedOf(text), model, false);
    expect(r.inputTokens).toBeGreaterThanOrEqual(utf8(text));
    // The worst a tokenizer can do: one token per byte, and every output token max_tokens allows.
    const worst = costOf(model, { inputTokens: utf8(text), outputTokens: 1000, cachedTokens: 0 });
    expect(r.amount).toBeGreaterThanOrEqual(worst);
    expect(r.inputTokens).toBeGreaterThan(4 * Math.ceil(text.length / 4));
  });

  it('Given documents to retrieve, When reserved, Then room for their passages is counted', () => {
    const plain = reservationOf(askedOf('question'), model, false);
    const withDocuments = reservationOf(askedOf('question'), model, true);
    expect(withDocuments.inputTokens - plain.inputTokens).toBe(retrievalTokenAllowance);
  });

  it('Given tools, When reserved, Then every step it may take is counted at its worst, with the tools sent', async () => {
    const set = {
      get_weather: tool({
        description: 'Weather',
        inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: {} }),
      }),
    };
    const tools: ChatTools = {
      set,
      maxSteps: defaultToolSteps,
      definitions: await functionToolsOf(set),
      statusOf: (n) => n,
    };
    const one = reservationOf(askedOf('x'.repeat(400)), model, false);
    const withTools = reservationOf({ ...askedOf('x'.repeat(400)), tools }, model, false);
    expect(withTools.inputTokens).toBeGreaterThan(one.inputTokens);
    // Each later step resends what came before (outputs, tool results), so more than steps × one call.
    expect(withTools.amount).toBeGreaterThan(defaultToolSteps * one.amount);
  });
});

describe('what a call may stream within the reservation', () => {
  const budget = reservationOf(askedOf('hello', 50), model, false).budget;
  const input = reservationOf(askedOf('hello', 50), model, false).inputTokens;

  it('Given the input reserved, When the call is asked, Then it may stream max_tokens at its bound', () => {
    expect(allowanceOf(budget, noBoundTokens(), input)).toEqual({
      output: outputBoundTokens(50),
      reason: 'maxTokens',
    });
  });

  it('Given more input than reserved (longer passages), When asked, Then only what is left is streamed', () => {
    const allowance = allowanceOf(budget, noBoundTokens(), input + 30);
    expect(allowance.reason).toBe('reservation');
    expect(allowance.output).toBe(outputBoundTokens(50) - 10);
  });

  it('Given calls before that used it up, When the next is asked, Then nothing may stream', () => {
    expect(allowanceOf(budget, { inputTokens: input, outputTokens: outputBoundTokens(50) }, input)).toEqual({
      output: 0,
      reason: 'reservation',
    });
  });
});

describe('what a request is settled with', () => {
  it('Given a provider reporting more than was reserved, When settled, Then the cost is the reservation, the tokens as reported', () => {
    const tokens = { inputTokens: 10, outputTokens: 400, cachedTokens: 0 };
    expect(settledUsage(model, tokens, 0.001)).toEqual({ ...tokens, cost: 0.001 });
  });

  it('Given a usage within the reservation, When settled, Then its cost at the model prices', () => {
    const tokens = { inputTokens: 10, outputTokens: 4, cachedTokens: 0 };
    expect(settledUsage(model, tokens, 1).cost).toBeCloseTo(costOf(model, tokens));
  });
});

describe("a tool's result as the model sees it", () => {
  it('is kept whole when short, cut and marked when its UTF-8 is longer than the bound', () => {
    expect(boundedToolResult({ ok: true })).toEqual({ ok: true });
    const long = boundedToolResult({ text: 'y'.repeat(toolResultBytes * 2) });
    expect(long).toMatchObject({ truncated: true });
    expect(utf8(JSON.stringify(long))).toBeLessThanOrEqual(toolResultBytes);
  });

  it('stays within the bound when cut text full of quotes is escaped again inside the result', () => {
    const quoted = boundedToolResult({ text: '"\\'.repeat(toolResultBytes) });
    expect(quoted).toMatchObject({ truncated: true });
    expect(utf8(JSON.stringify(quoted))).toBeLessThanOrEqual(toolResultBytes);
    expect(utf8(JSON.stringify(quoted))).toBeGreaterThan(toolResultBytes - 10);
  });

  it('stays within the bound in bytes when the result is Chinese or emoji', () => {
    const wide = boundedToolResult({ text: '数据🚀'.repeat(toolResultBytes) });
    expect(wide).toMatchObject({ truncated: true });
    expect(utf8(JSON.stringify(wide))).toBeLessThanOrEqual(toolResultBytes);
    expect(utf8(JSON.stringify(wide))).toBeGreaterThan(toolResultBytes - 20);
  });
});
