import { describe, expect, it } from 'vitest';
import { MockLanguageModelV3 } from 'ai/test';
import { jsonSchema, tool } from 'ai';
import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { ChatRequest } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { generationRequestOf } from '../../src/chat/generation-request';
import { streamAnswer } from '../../src/chat/model-stream';
import { reservationOf } from '../../src/chat/reservation';
import { inputBoundOf, outputBoundOf } from '../../src/chat/token-bound';
import { functionToolsOf, streamWithTools } from '../../src/chat/tool-loop';
import type { ChatTools } from '../../src/chat/generation-request';

const prices = testChatModel({ inputTokenCost: 0.01, outputTokenCost: 0.03, systemPrompt: '' });
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 400, text: 400, reasoning: 0 },
};

/** A model that streams `texts` one part at a time, as pulled, whatever max_tokens says. */
const modelStreaming = (texts: readonly string[], tail: LanguageModelV3StreamPart[] = []) => {
  const calls: { options: LanguageModelV3CallOptions; pulled: number }[] = [];
  const model = new MockLanguageModelV3({
    doStream: (options) => {
      const call = { options, pulled: 0 };
      calls.push(call);
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'text-start', id: 't' },
        ...texts.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't', delta })),
        ...tail,
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ];
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        pull: (controller) => {
          const next = parts[call.pulled++];
          if (next === undefined || options.abortSignal?.aborted) controller.close();
          else controller.enqueue(next);
        },
      });
      return Promise.resolve({ stream });
    },
  });
  return { model, calls };
};

const askedOf = (content: string, maxTokens: number) => {
  const asked = generationRequestOf(
    ChatRequest.parse({
      model: prices.id,
      max_tokens: maxTokens,
      messages: [{ role: 'user', content }],
      options: { requestId: 'r' },
    }),
    prices,
  );
  return { ...asked, budget: reservationOf(asked, prices, false).budget };
};
const live = new AbortController().signal;

describe('output counted as it streams', () => {
  it('Given a model that ignores max_tokens and streams 400 tokens, When asked for max_tokens 1, Then the answer stops at its bound and the call is aborted', async () => {
    const { model, calls } = modelStreaming(Array.from({ length: 400 }, () => ' tok'));
    const asked = askedOf('hello', 1);
    const deltas: string[] = [];
    const answer = await streamAnswer(model, asked, live, (d) => deltas.push(d));
    expect(answer.limited).toBe('maxTokens');
    expect(answer.finished).toBe(false);
    // max_tokens 1 is 6 bytes: the chunk that crosses them goes on cut, and is counted whole.
    expect(deltas).toEqual([' tok', ' t']);
    expect(answer.answer).toBe(' tok t');
    expect(answer.bound).toEqual({
      inputTokens: reservationOf(asked, prices, false).inputTokens,
      outputTokens: 8,
    });
    expect(calls[0]?.options.abortSignal?.aborted).toBe(true);
    expect(calls[0]?.pulled).toBeLessThan(10);
  });

  it('Given an answer within max_tokens, When streamed, Then it completes with the provider usage, not limited', async () => {
    const { model } = modelStreaming(['Hello', ' there.']);
    const answer = await streamAnswer(model, askedOf('hello', 100), live, () => undefined);
    expect(answer.limited).toBeUndefined();
    expect(answer.finished).toBe(true);
    expect(answer.reported?.outputTokens).toBe(400);
    expect(answer.bound.outputTokens).toBe(12);
  });

  it('Given one huge chunk from a server that ignores max_tokens, When it crosses the bound, Then only the bytes left go on, cut between characters', async () => {
    const { model } = modelStreaming(['ab', '€'.repeat(300_000)]);
    const deltas: string[] = [];
    const answer = await streamAnswer(model, askedOf('hello', 2), live, (d) => deltas.push(d));
    expect(answer.limited).toBe('maxTokens');
    // 12 bytes allowed, 2 used: three whole '€' (3 bytes each) fit in the 10 left.
    expect(deltas).toEqual(['ab', '€€€']);
    expect(answer.answer).toBe('ab€€€');
    expect(answer.bound.outputTokens).toBe(2 + 900_000);
  });

  it('Given an honest answer of max_tokens tokens at five bytes a token, When streamed, Then it ends by itself, not stopped', async () => {
    const { model } = modelStreaming(Array.from({ length: 100 }, () => ' word'));
    const answer = await streamAnswer(model, askedOf('hello', 100), live, () => undefined);
    expect(answer.limited).toBeUndefined();
    expect(answer.finished).toBe(true);
    expect(answer.answer).toBe(' word'.repeat(100));
  });

  it('Given CJK and emoji streamed, When counted, Then each counts its UTF-8 bytes', async () => {
    const { model } = modelStreaming(['你好', '🚀']);
    const answer = await streamAnswer(model, askedOf('hello', 100), live, () => undefined);
    expect(answer.bound.outputTokens).toBe(6 + 4);
  });

  it('Given a reasoning and a tool call that stream, When counted, Then their bytes count too, a call once', () => {
    const seen = new Set<string>();
    const parts: LanguageModelV3StreamPart[] = [
      { type: 'reasoning-delta', id: 'r', delta: 'think' },
      { type: 'tool-input-start', id: 'c1', toolName: 'op' },
      { type: 'tool-input-delta', id: 'c1', delta: '{"a":1}' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'op', input: '{"a":1}' },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'op', input: '{}' },
    ];
    const counted = parts.map((p) => outputBoundOf(p, seen));
    expect(counted).toEqual([5, 2 + 16, 7, 0, 2 + 2 + 16]);
  });
});

describe('a tool loop held to its reservation', () => {
  const set = {
    op: tool({
      description: 'An op',
      inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: {} }),
      execute: () => Promise.resolve({ result: '数'.repeat(3000) }),
    }),
  };

  it('Given a step whose call ran, When the next step would cost more than is left, Then it is not asked and the answer stops at the reservation', async () => {
    const calls: LanguageModelV3CallOptions[] = [];
    const model = new MockLanguageModelV3({
      doStream: (options) => {
        calls.push(options);
        const parts: LanguageModelV3StreamPart[] = [
          { type: 'tool-call', toolCallId: `c${calls.length}`, toolName: 'op', input: '{}' },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
        ];
        return Promise.resolve({
          stream: new ReadableStream({
            start: (c) => {
              for (const p of parts) c.enqueue(p);
              c.close();
            },
          }),
        });
      },
    });
    const tools: ChatTools = {
      set,
      maxSteps: 5,
      definitions: await functionToolsOf(set),
      statusOf: (n) => n,
    };
    const asked = askedOf('hello', 10);
    // Reserved as for one call only: the first step fits, the second (with the result) does not.
    const first = inputBoundOf(
      [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
      tools.definitions,
    );
    const budget = { ...asked.budget, reserved: (first * 0.01 + asked.budget.maxOutput * 0.03) / 1000 };
    const out = await streamWithTools(model, { ...asked, budget }, tools, live, {
      onDelta: () => undefined,
      onStatus: () => undefined,
    });
    expect(calls).toHaveLength(1);
    expect(out.toolCalls).toBe(1);
    expect(out.limited).toBe('reservation');
    expect(out.finished).toBe(false);
    expect(out.bound.inputTokens).toBe(first);
  });
});
