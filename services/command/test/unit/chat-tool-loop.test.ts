import { describe, expect, it } from 'vitest';
import { jsonSchema, tool } from 'ai';
import { functionToolsOf, runToolCall, summedUsage } from '../../src/chat/tool-loop';

const echo = tool({
  description: 'Echoes its input',
  inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: { x: { type: 'string' } } }),
  execute: (input) => Promise.resolve({ got: input }),
});
const failing = tool({
  inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: {} }),
  execute: (): Promise<{ ok: boolean }> => Promise.reject(new Error('broken')),
});
const set = { echo, failing };
const signal = new AbortController().signal;

describe('the tool loop helpers', () => {
  it('sums the usage of the steps (undefined parts stay undefined only when both are)', () => {
    expect(
      summedUsage(
        { inputTokens: 10, outputTokens: 2, cachedInputTokens: undefined },
        { inputTokens: 12, outputTokens: 5, cachedInputTokens: 3 },
      ),
    ).toEqual({ inputTokens: 22, outputTokens: 7, cachedInputTokens: 3 });
    expect(summedUsage(undefined, { inputTokens: 1, outputTokens: 1, cachedInputTokens: undefined })).toEqual(
      {
        inputTokens: 1,
        outputTokens: 1,
        cachedInputTokens: undefined,
      },
    );
  });

  it('offers the AI SDK tools to the provider as function tools with their JSON schema', async () => {
    expect(await functionToolsOf(set)).toEqual([
      {
        type: 'function',
        name: 'echo',
        description: 'Echoes its input',
        inputSchema: { type: 'object', properties: { x: { type: 'string' } } },
      },
      { type: 'function', name: 'failing', inputSchema: { type: 'object', properties: {} } },
    ]);
  });

  it('runs a call with its parsed input; an unknown tool, bad JSON or a failure is told to the model', async () => {
    const call = (toolName: string, input: string) =>
      runToolCall(set, { toolCallId: 'c1', toolName, input }, signal);
    expect(await call('echo', '{"x":"hi"}')).toEqual({ got: { x: 'hi' } });
    expect(await call('nope', '{}')).toEqual({ error: 'There is no tool named nope.' });
    expect(await call('echo', '{not json')).toEqual({ error: 'The tool input is not valid JSON.' });
    expect(await call('failing', '')).toEqual({ error: 'broken' });
    expect(await call('toString', '{}')).toEqual({ error: 'There is no tool named toString.' });
  });
});
