import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { readStream } from '@app/platform';
import {
  chatModelConfigurations,
  testChatModel,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { keyBody, type ApiKeysPlatform } from '../support-api-keys/api-keys-platform';
import { startOpenaiApiPlatform, type OpenaiApiPlatform } from '../support-api-keys/openai-api-platform';

const ann = 'ann@example.com';
let api: OpenaiApiPlatform;
let p: ApiKeysPlatform;
let model: ModelServer;
let client: OpenAI;

const weather: ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};
const ask: ChatCompletionMessageParam[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Weather in Paris?' },
];

beforeAll(async () => {
  api = await startOpenaiApiPlatform({
    behaviour: { toolCall: { name: 'get_weather', arguments: { city: 'Paris' } }, echoToolResult: true },
    configurations: (server) => chatModelConfigurations(server.chatUrl, { models: [testChatModel()] }),
  });
  ({ p, model } = api);
  client = api.clientOf((await api.keyFor(ann, keyBody({}))).secret);
});
afterAll(() => api.close());

/** What the model server was last asked: the tools as OpenAI's, the tool choice, the messages. */
const lastAsked = () => model.requests.at(-1)?.body ?? {};

describe('the OpenAI-compatible API passes function tools through to the model', () => {
  it('streams the model’s tool call as delta.tool_calls with finish_reason tool_calls; the tool result gets the final answer', async () => {
    const stream = await client.chat.completions.create({
      model: testChatModelId,
      messages: ask,
      tools: [weather],
      tool_choice: 'auto',
      stream: true,
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    // The model was offered the client's tool, as the client defined it.
    expect(lastAsked()).toMatchObject({
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'The weather in a city',
            parameters: weather.function.parameters,
          },
        },
      ],
      tool_choice: 'auto',
    });
    const calls = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(calls).toEqual([
      {
        index: 0,
        id: expect.stringMatching(/^call_/) as unknown,
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
    ]);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
    const events = await readStream(p.database.db, `chat-${chunks[0]?.id ?? ''}`);
    expect(events.map((e) => e.type)).toEqual(['ChatRequested', 'ChatStatusChanged', 'ChatCompleted']);

    // The client runs the tool and sends its result: the model gets the call and the result, and answers.
    const call = calls[0];
    const followUp = await client.chat.completions.create({
      model: testChatModelId,
      messages: [
        ...ask,
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: call?.id ?? '',
              type: 'function',
              function: { name: 'get_weather', arguments: call?.function?.arguments ?? '' },
            },
          ],
        },
        { role: 'tool', tool_call_id: call?.id ?? '', content: 'Sunny, 21°C' },
      ],
      tools: [weather],
      stream: true,
    });
    let text = '';
    let finish: string | null | undefined;
    for await (const chunk of followUp) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text).toBe('Tool result: Sunny, 21°C. Hello from the test model.');
    expect(finish).toBe('stop');
    const messages = lastAsked()['messages'] as unknown[];
    expect(messages.slice(-2)).toMatchObject([
      {
        role: 'assistant',
        tool_calls: [{ id: call?.id, type: 'function', function: { name: 'get_weather' } }],
      },
      { role: 'tool', tool_call_id: call?.id, content: 'Sunny, 21°C' },
    ]);
  });

  it('answers the tool call whole as message.tool_calls, then the final answer whole', async () => {
    const completion = await client.chat.completions.create({
      model: testChatModelId,
      messages: ask,
      tools: [weather],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    expect(lastAsked()).toMatchObject({
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    const toolCall = choice?.message.tool_calls?.[0];
    expect(toolCall).toMatchObject({
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    });
    const final = await client.chat.completions.create({
      model: testChatModelId,
      messages: [
        ...ask,
        { role: 'assistant', content: null, tool_calls: choice?.message.tool_calls ?? [] },
        { role: 'tool', tool_call_id: toolCall?.id ?? '', content: 'Rainy' },
      ],
      tools: [weather],
    });
    expect(final.choices[0]).toMatchObject({
      message: { role: 'assistant', content: 'Tool result: Rainy. Hello from the test model.' },
      finish_reason: 'stop',
    });
    expect(final.choices[0]?.message.tool_calls).toBeUndefined();
  });

  it('refuses a tool that is no function, a tool_choice naming no offered tool, a tool result answering no call: 400, nothing sent', async () => {
    const sent = model.requests.length;
    const refusals = await Promise.all([
      client.chat.completions
        .create({
          model: testChatModelId,
          messages: ask,
          tools: [{ type: 'custom', custom: { name: 'x' } } as unknown as ChatCompletionTool],
        })
        .catch((e: unknown) => e),
      client.chat.completions
        .create({
          model: testChatModelId,
          messages: ask,
          tools: [weather],
          tool_choice: { type: 'function', function: { name: 'other' } },
        })
        .catch((e: unknown) => e),
      client.chat.completions
        .create({
          model: testChatModelId,
          messages: [...ask, { role: 'tool', tool_call_id: 'call_none', content: 'x' }],
        })
        .catch((e: unknown) => e),
    ]);
    for (const refusal of refusals) expect(refusal).toBeInstanceOf(OpenAI.BadRequestError);
    expect(model.requests.length).toBe(sent);
  });
});
