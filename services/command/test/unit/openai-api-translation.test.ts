import { describe, expect, it } from 'vitest';
import { chatLimits, openaiApiMessages, OpenAiChatRequest, type ChatChunk } from '@app/contracts';
import { relayRequestOf } from '../../src/openai-api/relay-request';
import {
  completionOf,
  completionStream,
  emptyCompletion,
  finishReasonOf,
  foldCompletion,
} from '../../src/openai-api/completion';
import { asOpenAiError, openaiError } from '../../src/openai-api/openai-errors';

const head = { id: 'chatcmpl-1', model: 'm', created: 1700000000 };
const usage = { inputTokens: 40, outputTokens: 5, cachedTokens: 8, cost: 0.01 };
const status = { id: 'model', summary: 'Asking m', type: 'model', inProgress: true };
const answer: ChatChunk[] = [
  { s: 'meta', st: status },
  { s: 'answer', d: 'Hel' },
  { s: 'answer', d: 'lo' },
  { s: 'meta', st: { ...status, inProgress: false } },
  { s: 'meta', usage },
  { s: 'result', type: 'end' },
];
const body = (extra: Record<string, unknown> = {}) =>
  OpenAiChatRequest.parse({ model: 'm', messages: [{ role: 'user', content: 'hi' }], ...extra });
const events = (wire: string) =>
  wire
    .split('\n\n')
    .filter((b) => b !== '')
    .map((b) => b.replace(/^data: /, ''));

describe('the relay request of an OpenAI one', () => {
  it('given leading system and developer messages, when translated, then they are the one system prompt', () => {
    const r = relayRequestOf(
      body({
        messages: [
          { role: 'system', content: 'Be terse.' },
          { role: 'developer', content: [{ type: 'text', text: 'Answer in French.' }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: 'c' },
        ],
      }),
      'chatcmpl-1',
    );
    expect(r.ok && r.request.messages).toEqual([
      { role: 'system', content: 'Be terse.\n\nAnswer in French.' },
      { role: 'user', content: 'a\nb' },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'c' },
    ]);
    expect(r.ok && r.request.options).toEqual({ requestId: 'chatcmpl-1' });
  });

  it('given max_completion_tokens and max_tokens, then max_completion_tokens wins; temperature and reasoning go along', () => {
    const r = relayRequestOf(
      body({ max_tokens: 10, max_completion_tokens: 20, temperature: 0.5, reasoning_effort: 'low' }),
      'x',
    );
    expect(r.ok && r.request).toMatchObject({
      max_tokens: 20,
      temperature: 0.5,
      options: { requestId: 'x', reasoningLevel: 'low' },
    });
  });

  it('given neither bound, then the relay’s default applies', () => {
    const r = relayRequestOf(body(), 'x');
    expect(r.ok && r.request.max_tokens).toBe(1000);
  });

  it('given function tools and a tool call answered, then they go to the model as tools, tool-call and tool-result parts', () => {
    const r = relayRequestOf(
      body({
        messages: [
          { role: 'user', content: 'a' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"x":1}' } }],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'r' },
        ],
        tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
        tool_choice: 'required',
      }),
      'x',
    );
    expect(r.ok && r.clientTools).toEqual({
      definitions: [{ type: 'function', name: 'f', inputSchema: { type: 'object' } }],
      choice: { type: 'required' },
      conversation: [
        { role: 'user', content: [{ type: 'text', text: 'a' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: { x: 1 } }],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'c1', toolName: 'f', output: { type: 'text', value: 'r' } },
          ],
        },
      ],
    });
    // The relay records the texts: the tool message is none of its messages.
    expect(r.ok && r.request.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('given no tools and no tool messages, then nothing goes to the model as tools', () => {
    const r = relayRequestOf(body(), 'x');
    expect(r.ok && r.clientTools).toBeUndefined();
  });

  it('given a tool that is no function, a tool named twice, a tool_choice naming no tool, a tool result answering no call or audio parts, then it is refused with words naming them', () => {
    const f = { type: 'function', function: { name: 'f' } };
    expect(relayRequestOf(body({ tools: [{ type: 'function' }] }), 'x')).toEqual({
      ok: false,
      message: openaiApiMessages.toolNotFunction,
    });
    expect(relayRequestOf(body({ tools: [f, f] }), 'x')).toEqual({
      ok: false,
      message: openaiApiMessages.toolNameTwice('f'),
    });
    expect(
      relayRequestOf(body({ tools: [f], tool_choice: { type: 'function', function: { name: 'g' } } }), 'x'),
    ).toEqual({ ok: false, message: openaiApiMessages.toolChoiceUnknown('g') });
    expect(
      relayRequestOf(
        body({
          messages: [
            { role: 'user', content: 'a' },
            { role: 'tool', content: 'r' },
          ],
        }),
        'x',
      ),
    ).toEqual({ ok: false, message: openaiApiMessages.toolResultWithoutCall });
    expect(
      relayRequestOf(
        body({ messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: {} }] }] }),
        'x',
      ),
    ).toEqual({ ok: false, message: openaiApiMessages.partNotSupported('input_audio') });
  });

  it('given a system message after the conversation started, then the relay’s rule refuses it by field', () => {
    const r = relayRequestOf(
      body({
        messages: [
          { role: 'user', content: 'a' },
          { role: 'system', content: 'late' },
        ],
      }),
      'x',
    );
    expect(r).toEqual({ ok: false, message: 'messages.1: only the first message may be the system prompt' });
  });

  it('the OpenAI body is bounded: n above 1 and too many messages are refused', () => {
    expect(OpenAiChatRequest.safeParse({ ...body(), n: 2 }).success).toBe(false);
    const many = Array.from({ length: chatLimits.messages + 1 }, () => ({ role: 'user', content: 'a' }));
    expect(OpenAiChatRequest.safeParse({ model: 'm', messages: many }).success).toBe(false);
  });
});

describe('the answer in OpenAI’s shape', () => {
  it('given the relay’s chunks, when folded, then one chat.completion with the text and usage', () => {
    const state = answer.reduce(foldCompletion, emptyCompletion());
    expect(completionOf(head, state)).toEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1700000000,
      model: 'm',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hello', refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: 40,
        completion_tokens: 5,
        total_tokens: 45,
        prompt_tokens_details: { cached_tokens: 8 },
      },
    });
  });

  it('given a tool call chunk, then message.tool_calls with no content and finish_reason tool_calls; streamed, delta.tool_calls', () => {
    const d = { id: 'c1', name: 'f', arguments: '{"x":1}' };
    const chunks: ChatChunk[] = [
      { s: 'tool', d },
      { s: 'result', type: 'end' },
    ];
    const whole = completionOf(head, chunks.reduce(foldCompletion, emptyCompletion()));
    const call = { id: 'c1', type: 'function', function: { name: 'f', arguments: '{"x":1}' } };
    expect(whole.choices[0]).toMatchObject({
      message: { role: 'assistant', content: null, tool_calls: [call] },
      finish_reason: 'tool_calls',
    });
    const next = completionStream(head, false);
    const wire = events(chunks.map(next).join(''));
    expect(JSON.parse(wire[1] ?? '')).toMatchObject({
      choices: [{ delta: { tool_calls: [{ index: 0, ...call }] } }],
    });
    expect(JSON.parse(wire[2] ?? '')).toMatchObject({ choices: [{ finish_reason: 'tool_calls' }] });
    expect(wire[3]).toBe('[DONE]');
  });

  it('a stop at max_tokens or at the reservation is length; a user’s stop is stop', () => {
    expect(finishReasonOf('maxTokens')).toBe('length');
    expect(finishReasonOf('reservation')).toBe('length');
    expect(finishReasonOf('user')).toBe('stop');
    expect(finishReasonOf(undefined)).toBe('stop');
  });

  it('given the relay’s chunks, when streamed, then role, deltas, finish, usage chunk and [DONE]', () => {
    const format = completionStream(head, true);
    const wire = events(answer.map((c) => format(c)).join(''));
    expect(wire.at(-1)).toBe('[DONE]');
    const chunks = wire.slice(0, -1).map((e) => JSON.parse(e) as Record<string, unknown>);
    expect(chunks.map((c) => (c.choices as unknown[])[0])).toEqual([
      { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null, logprobs: null },
      { index: 0, delta: { content: 'Hel' }, finish_reason: null, logprobs: null },
      { index: 0, delta: { content: 'lo' }, finish_reason: null, logprobs: null },
      { index: 0, delta: {}, finish_reason: 'stop', logprobs: null },
      undefined,
    ]);
    expect(chunks.at(-1)).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [],
      usage: { total_tokens: 45 },
    });
    expect(chunks.every((c) => c.id === 'chatcmpl-1')).toBe(true);
  });

  it('without include_usage there is no usage chunk; a stop by max_tokens finishes with length', () => {
    const format = completionStream(head, false);
    const stopped: ChatChunk[] = [
      { s: 'answer', d: 'a' },
      { s: 'meta', stopped: 'maxTokens' },
      { s: 'meta', usage },
      { s: 'result', type: 'end' },
    ];
    const wire = events(stopped.map((c) => format(c)).join(''));
    expect(wire.at(-1)).toBe('[DONE]');
    expect(JSON.parse(wire.at(-2) ?? '')).toMatchObject({ choices: [{ finish_reason: 'length' }] });
    expect(wire.some((e) => e.includes('"usage"'))).toBe(false);
  });

  it('a provider failure is an error event and nothing follows it', () => {
    const format = completionStream(head, true);
    const failed: ChatChunk[] = [
      { s: 'answer', d: 'a' },
      { s: 'error', d: 'The model failed.' },
      { s: 'meta', usage },
      { s: 'result', type: 'end' },
    ];
    const wire = events(failed.map((c) => format(c)).join(''));
    expect(JSON.parse(wire.at(-1) ?? '')).toEqual({
      error: { message: 'The model failed.', type: 'server_error', code: 'provider_failed', param: null },
    });
  });
});

describe('errors in OpenAI’s shape', () => {
  it('names the type and code of each status', () => {
    expect(openaiError(401, 'no')).toEqual({
      error: { message: 'no', type: 'invalid_request_error', code: 'invalid_api_key', param: null },
    });
    expect(openaiError(403, 'no').error).toMatchObject({ type: 'permission_error' });
    expect(openaiError(404, 'no').error).toMatchObject({ code: 'model_not_found' });
    expect(openaiError(429, 'no').error).toMatchObject({
      type: 'rate_limit_error',
      code: 'rate_limit_exceeded',
    });
    expect(openaiError(500, 'no').error).toMatchObject({ type: 'server_error' });
  });

  it('rewrites our refusals, keeps their words, and leaves OpenAI’s shape and non-JSON alone', () => {
    expect(
      JSON.parse(asOpenAiError(403, JSON.stringify({ success: false, message: 'm', error: 'm' }))),
    ).toEqual(openaiError(403, 'm'));
    expect(JSON.parse(asOpenAiError(401, JSON.stringify({ success: false, message: 'sign in' })))).toEqual(
      openaiError(401, 'sign in'),
    );
    const shaped = JSON.stringify(openaiError(400, 'x'));
    expect(asOpenAiError(400, shaped)).toBe(shaped);
    expect(asOpenAiError(400, 'not json')).toBe('not json');
  });
});
