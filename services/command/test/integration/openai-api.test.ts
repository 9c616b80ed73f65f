import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import {
  apiKeyMessages,
  chatRoute,
  openaiLimits,
  openaiRoutes,
  spendStreamIds,
  type ChatRequestedData,
  type ChatUsage,
} from '@app/contracts';
import { readStream } from '@app/platform';
import {
  chatModelConfigurations,
  testChatModel,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { admin, keyBody, type ApiKeysPlatform } from '../support-api-keys/api-keys-platform';
import { startOpenaiApiPlatform, type OpenaiApiPlatform } from '../support-api-keys/openai-api-platform';

const ann = 'ann@example.com';
let api: OpenaiApiPlatform;
let p: ApiKeysPlatform;
let model: ModelServer;
let baseURL = '';

beforeAll(async () => {
  api = await startOpenaiApiPlatform({
    behaviour: { promptTokens: 40, cachedTokens: 8 },
    configurations: (server) => chatModelConfigurations(server.chatUrl, { models: [testChatModel()] }),
  });
  ({ p, model, baseURL } = api);
});
afterAll(() => api.close());

const keyFor = (extra: Parameters<typeof keyBody>[0] = {}) => api.keyFor(ann, keyBody(extra));
const clientOf = (apiKey: string) => api.clientOf(apiKey);
const ask = [
  { role: 'system' as const, content: 'You are terse.' },
  { role: 'user' as const, content: 'hello' },
];
const chatEventsOf = (requestId: string) => readStream(p.database.db, `chat-${requestId}`);

describe('the OpenAI-compatible API with the official openai client', () => {
  it('lists the models the key’s owner may use', async () => {
    const key = await keyFor();
    const models = await clientOf(key.secret).models.list();
    expect(models.data).toEqual([
      { id: testChatModelId, object: 'model', created: 0, owned_by: testChatModel().provider || 'platform' },
    ]);
  });

  it('streams a completion through the relay: role, text, finish reason, usage, [DONE]; the events and the key’s spend show it', async () => {
    const key = await keyFor();
    const stream = await clientOf(key.secret).chat.completions.create({
      model: testChatModelId,
      messages: ask,
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 100,
      temperature: 0.2,
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const id = chunks[0]?.id ?? '';
    expect(id).toMatch(/^chatcmpl-/);
    expect(chunks.every((c) => c.id === id && c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('Hello from the test model.');
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 5, total_tokens: 45 });
    // The model server was asked what the client asked.
    expect(model.requests.at(-1)?.body).toMatchObject({ temperature: 0.2 });
    // The log: ChatRequested marked as the API's, with the key; ChatCompleted with the usage and cost.
    const events = await chatEventsOf(id);
    expect(events.map((e) => e.type)).toEqual(['ChatRequested', 'ChatStatusChanged', 'ChatCompleted']);
    expect(events[0]?.metadata.actor).toEqual({ email: ann, kind: 'apiKey', apiKeyId: key.id });
    expect(events[0]?.data as ChatRequestedData).toMatchObject({
      requestId: id,
      maxTokens: 100,
      via: { api: 'openai', apiKeyId: key.id },
    });
    const usage = (events[2]?.data as { usage: ChatUsage }).usage;
    expect(usage).toMatchObject({ inputTokens: 40, outputTokens: 5, cachedTokens: 8 });
    expect(usage.cost).toBeGreaterThan(0);
    // The spend: reserved and settled on the key's ledger at that cost.
    const ledger = await readStream(p.database.db, spendStreamIds.apiKey(key.id));
    expect(ledger.map((e) => e.type)).toEqual(['SpendReserved', 'SpendSettled']);
    expect(ledger[1]?.data).toMatchObject({ requestId: id, amount: usage.cost });
  });

  it('answers one whole chat.completion with its usage', async () => {
    const key = await keyFor();
    const completion = await clientOf(key.secret).chat.completions.create({
      model: testChatModelId,
      messages: ask,
      max_tokens: 50,
    });
    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: testChatModelId,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hello from the test model.' },
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: 40,
        completion_tokens: 5,
        total_tokens: 45,
        prompt_tokens_details: { cached_tokens: 8 },
      },
    });
    const events = await chatEventsOf(completion.id);
    expect(events.map((e) => e.type)).toEqual(['ChatRequested', 'ChatStatusChanged', 'ChatCompleted']);
    expect(p.logLines.some((l) => l.includes(completion.id))).toBe(true);
  });

  it('a client that goes away mid-answer stops it: ChatStopped, the spend settled', async () => {
    const key = await keyFor();
    model.behave({ promptTokens: 40, cachedTokens: 8, tokenDelayMs: 200 });
    try {
      const stream = await clientOf(key.secret).chat.completions.create({
        model: testChatModelId,
        messages: ask,
        stream: true,
      });
      let id = '';
      for await (const chunk of stream) {
        id = chunk.id;
        if (chunk.choices[0]?.delta.content) break;
      }
      await expect
        .poll(async () => (await chatEventsOf(id)).map((e) => e.type))
        .toEqual(['ChatRequested', 'ChatStatusChanged', 'ChatStopped']);
      expect((await chatEventsOf(id))[2]?.data).toMatchObject({ reason: 'user' });
      await expect
        .poll(async () => (await readStream(p.database.db, spendStreamIds.apiKey(key.id))).map((e) => e.type))
        .toEqual(['SpendReserved', 'SpendSettled']);
    } finally {
      model.behave({ promptTokens: 40, cachedTokens: 8 });
    }
  });

  it('a key without chat: 403 in OpenAI’s shape, nothing sent', async () => {
    const key = await keyFor({ accessTypes: ['file_upload'] });
    const sent = model.requests.length;
    const refused = await clientOf(key.secret)
      .chat.completions.create({ model: testChatModelId, messages: ask })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((refused as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({
      message: apiKeyMessages.outsideAccessTypes('chat'),
      type: 'permission_error',
    });
    expect(model.requests.length).toBe(sent);
  });

  it('no key or an unknown one: 401 in OpenAI’s shape', async () => {
    const refused = await clientOf(`amp-v1-${'x'.repeat(43)}`)
      .models.list()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
    const none = await fetch(`${baseURL}/models`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_api_key' },
    });
  });

  it('an unknown model: 404 model_not_found; a bad body: 400; a body over its bound (32 MiB, room for images): 413; nothing sent', async () => {
    const key = await keyFor();
    const sent = model.requests.length;
    const unknown = await clientOf(key.secret)
      .chat.completions.create({ model: 'no-such-model', messages: ask })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect((unknown as InstanceType<typeof OpenAI.APIError>).code).toBe('model_not_found');
    const bad = await fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: testChatModelId, messages: [] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: 'messages: messages must not be empty' },
    });
    const huge = await fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: testChatModelId,
        messages: [{ role: 'user', content: 'x'.repeat(openaiLimits.bodyBytes) }],
      }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'request_too_large' },
    });
    expect(model.requests.length).toBe(sent);
  });

  it('a spent limit: 429 with Retry-After before the model server sees anything', async () => {
    const key = await keyFor({ applicationName: 'Capped', rateLimit: { period: 'Daily', rate: 0 } });
    const sent = model.requests.length;
    const res = await fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: testChatModelId, messages: ask, stream: true }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await res.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('rate_limit_error');
    expect(body.error.message).toContain(apiKeyMessages.limitName('Capped'));
    expect(model.requests.length).toBe(sent);
    // The relay's own route answers the same refusal with Retry-After too.
    const relay = await p.call({ key: key.secret }, 'POST', chatRoute, {
      model: testChatModelId,
      messages: ask,
      options: { requestId: 'openai-api-relay-429' },
    });
    expect(relay.statusCode).toBe(429);
    expect(Number(relay.headers['retry-after'])).toBeGreaterThan(0);
    expect(model.requests.length).toBe(sent);
  });
});

describe('the API reference', () => {
  it('lists the OpenAI-compatible routes', async () => {
    const res = await p.call({ email: admin }, 'GET', '/api/docs/json');
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining([openaiRoutes.models, openaiRoutes.chatCompletions]));
  });
});
