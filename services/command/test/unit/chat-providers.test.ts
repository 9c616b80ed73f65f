import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRequest, Model } from '@app/contracts';
import { createOutboundClient, parseAllowList, type OutboundClient } from '@app/platform';
import { startModelServer, testChatModel, type ModelServer } from '@app/platform/testing';
import { generate, type GenerationOutcome } from '../../src/chat/generate';
import { generationRequestOf } from '../../src/chat/generation-request';
import { languageModelFor, providerKindOf } from '../../src/models/index';

let server: ModelServer;
let outbound: OutboundClient;

beforeAll(async () => {
  server = await startModelServer();
  outbound = createOutboundClient({ allow: parseAllowList(['127.0.0.1']) });
});

afterAll(async () => {
  await outbound.close();
  await server.close();
});

const request = (
  r: Partial<ChatRequest> = {},
  options: Partial<ChatRequest['options']> = {},
): ChatRequest => ({
  model: 'm',
  temperature: 0.4,
  max_tokens: 321,
  stream: true,
  dataSources: [],
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello' },
    { role: 'user', content: 'Again' },
  ],
  options: { requestId: 'r', ...options },
  ...r,
});

/** Runs one generation at `url` and answers its outcome and the body the model server received. */
const send = async (
  model: Model,
  r: ChatRequest,
  url = `${server.chatUrl}?api-version=2024-10-21`,
): Promise<{ outcome: GenerationOutcome; seen: ModelServer['requests'][number] | undefined }> => {
  const before = server.requests.length;
  const outcome = await generate(
    generationRequestOf(r, model),
    [{ open: () => Promise.resolve({ url, key: 'sk-unit-key' }) }],
    outbound,
    new AbortController().signal,
    { onDelta: () => undefined, onFailover: () => Promise.resolve() },
  );
  return { outcome, seen: server.requests[before] };
};

describe('provider selection by the model provider field', () => {
  it.each([
    ['OpenAI', 'openai', 'openai.chat'],
    ['Azure', 'azure', 'azure.chat'],
    ['Gemini', 'gemini', 'google.generative-ai'],
    ['Bedrock', 'bedrock', 'amazon-bedrock'],
    ['OpenAI-compatible', 'openai-compatible', 'openaiCompatible.chat'],
    ['vLLM', 'openai-compatible', 'openaiCompatible.chat'],
    ['Ollama', 'openai-compatible', 'openaiCompatible.chat'],
    ['llama.cpp', 'openai-compatible', 'openaiCompatible.chat'],
    ['', 'openai-compatible', 'openaiCompatible.chat'],
  ])('%s → %s', (provider, kind, sdkProvider) => {
    expect(providerKindOf(provider)).toBe(kind);
    const model = languageModelFor(
      providerKindOf(provider),
      'm',
      { url: server.chatUrl, key: 'k' },
      outbound,
    );
    expect(typeof model === 'string' ? model : model.provider).toBe(sdkProvider);
  });
});

describe('the request the AI SDK sends (OpenAI wire)', () => {
  it.each(['vLLM', 'OpenAI', 'Azure'])(
    '%s: model, messages with the additional system prompt, max_tokens, temperature; to the exact url',
    async (provider) => {
      const model = testChatModel({ id: 'my-model', provider, systemPrompt: 'Cite sources.' });
      const { outcome, seen } = await send(model, request());
      expect(outcome).toMatchObject({ kind: 'completed', answer: 'Hello from the test model.' });
      expect(seen?.url).toBe('/v1/chat/completions?api-version=2024-10-21');
      expect(seen?.headers['api-key']).toBe('sk-unit-key');
      expect(seen?.headers['authorization']).toBe('Bearer sk-unit-key');
      expect(seen?.body).toMatchObject({
        model: 'my-model',
        stream: true,
        max_tokens: 321,
        temperature: 0.4,
        messages: [
          { role: 'system', content: 'Be brief.\n\nCite sources.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
          { role: 'user', content: 'Again' },
        ],
      });
      expect(seen?.body['reasoning_effort']).toBeUndefined();
      expect(seen?.body['stream_options']).toEqual({ include_usage: true });
    },
  );

  it.each(['vLLM', 'OpenAI', 'Azure'])(
    '%s: the reasoning effort, only for a model that supports reasoning',
    async (provider) => {
      const reasoning = testChatModel({ provider, supportsReasoning: true });
      const plain = testChatModel({ provider, supportsReasoning: false });
      const asked = request({}, { reasoningLevel: 'high' });
      expect((await send(reasoning, asked)).seen?.body['reasoning_effort']).toBe('high');
      expect((await send(plain, asked)).seen?.body['reasoning_effort']).toBeUndefined();
      expect((await send(reasoning, request())).seen?.body['reasoning_effort']).toBeUndefined();
    },
  );

  it('the additional system prompt alone becomes the system prompt; with neither there is none', async () => {
    const userOnly = request({ messages: [{ role: 'user', content: 'Hi' }] });
    const withExtra = testChatModel({ systemPrompt: 'Cite sources.' });
    expect((await send(withExtra, userOnly)).seen?.body['messages']).toEqual([
      { role: 'system', content: 'Cite sources.' },
      { role: 'user', content: 'Hi' },
    ]);
    expect((await send(testChatModel(), userOnly)).seen?.body['messages']).toEqual([
      { role: 'user', content: 'Hi' },
    ]);
  });
});

describe('Gemini and Bedrock: their own paths below the endpoint, through the guarded client', () => {
  it('Gemini streams from models/<id>:streamGenerateContent with its key header', async () => {
    const model = testChatModel({ id: 'gemini-x', provider: 'Gemini' });
    const { outcome, seen } = await send(model, request(), `${server.origin}/v1beta/models/gemini-x`);
    expect(seen?.url).toBe('/v1beta/models/gemini-x:streamGenerateContent?alt=sse');
    expect(seen?.headers['x-goog-api-key']).toBe('sk-unit-key');
    expect(outcome).toMatchObject({ kind: 'failed' });
  });

  it('Bedrock streams from model/<id>/converse-stream with the key as bearer', async () => {
    const model = testChatModel({ id: 'anthropic.claude-x', provider: 'Bedrock' });
    const { seen } = await send(model, request(), `${server.origin}/`);
    expect(seen?.url).toBe(`/model/${encodeURIComponent('anthropic.claude-x')}/converse-stream`);
    expect(seen?.headers['authorization']).toBe('Bearer sk-unit-key');
  });

  it('an address outside the allow list is refused before any request', async () => {
    const before = server.requests.length;
    const { outcome } = await send(testChatModel(), request(), 'http://127.0.0.2:9/v1/chat/completions');
    expect(outcome).toMatchObject({ kind: 'failed', answer: '' });
    expect(server.requests.length).toBe(before);
  });
});

describe('a model kept for an endpoint, shared by the requests to it', () => {
  /** An outbound client that counts the calls made through it. */
  const counted = (through: OutboundClient) => {
    const calls: string[] = [];
    const client: OutboundClient = {
      request: (url, init) => {
        calls.push(String(url));
        return through.request(url, init);
      },
      fetch: (url, init) => {
        calls.push(String(url));
        return through.fetch(url, init);
      },
      close: () => Promise.resolve(),
    };
    return { client, calls };
  };

  it.each(['vLLM', 'OpenAI', 'Gemini'])(
    '%s: each call goes through its own caller’s client, even at once on one endpoint',
    async (provider) => {
      const endpoint = { url: server.chatUrl, key: 'k' };
      const refusing = createOutboundClient({ allow: parseAllowList([]) });
      const a = counted(outbound);
      const b = counted(refusing);
      const kind = providerKindOf(provider);
      const prompt = {
        prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }],
      };
      const [allowed, refused] = await Promise.allSettled([
        languageModelFor(kind, 'm', endpoint, a.client).doStream(prompt),
        languageModelFor(kind, 'm', endpoint, b.client).doStream(prompt),
      ]);
      await refusing.close();
      expect(a.calls).toHaveLength(1);
      expect(b.calls).toHaveLength(1);
      // The refusing client refused its own call; the other was sent (and answered, or refused by the server).
      expect(refused.status).toBe('rejected');
      if (provider !== 'Gemini') expect(allowed.status).toBe('fulfilled');
    },
  );
});
