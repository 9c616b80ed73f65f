import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import {
  apiKeyMessages,
  apiKeyUseStreamId,
  embeddingsRequestStreamId,
  openaiApiMessages,
  openaiRoutes,
  spendStreamIds,
  type EmbeddingsEnded,
  type EmbeddingsRequestedData,
  type Model,
} from '@app/contracts';
import { readStream } from '@app/platform';
import {
  chatModelConfigurations,
  hashedEmbedding,
  testChatModelId,
  testEmbeddingsModelId,
  type ModelServer,
} from '@app/platform/testing';
import { admin, keyBody, type ApiKeysPlatform } from '../support-api-keys/api-keys-platform';
import { startOpenaiApiPlatform, type OpenaiApiPlatform } from '../support-api-keys/openai-api-platform';

const ann = 'ann@example.com';
/** Dollars per 1,000 input tokens of the embeddings model. */
const inputPrice = 0.02;
let api: OpenaiApiPlatform;
let p: ApiKeysPlatform;
let model: ModelServer;
let baseURL = '';

/** The test configuration, the embeddings model priced and served by the local model server. */
const configurations = (server: ModelServer) =>
  chatModelConfigurations(server.chatUrl, { embeddingsUrls: [server.embeddingsUrl] }).map((c) =>
    c.type === 'supportedModels'
      ? {
          ...c,
          data: Object.fromEntries(
            Object.entries(c.data as Record<string, Model>).map(([id, m]) => [
              id,
              id === testEmbeddingsModelId ? { ...m, inputTokenCost: inputPrice } : m,
            ]),
          ),
        }
      : c,
  );

beforeAll(async () => {
  api = await startOpenaiApiPlatform({ configurations });
  ({ p, model, baseURL } = api);
});
afterAll(() => api.close());

const keyFor = (extra: Parameters<typeof keyBody>[0] = {}) =>
  api.keyFor(ann, keyBody({ accessTypes: ['dual_embedding'], ...extra }));
const clientOf = (apiKey: string) => api.clientOf(apiKey);
const ledgerOf = (keyId: string) => readStream(p.database.db, spendStreamIds.apiKey(keyId));

const expectVector = (actual: readonly number[] | undefined, text: string) => {
  const expected = hashedEmbedding(text);
  expect(actual?.length).toBe(expected.length);
  expected.forEach((x, i) => expect(actual?.[i]).toBeCloseTo(x, 5));
};

describe('POST /v1/embeddings with the official openai client', () => {
  it('embeds one input: the model server’s vector, its usage; the log and the key’s spend show the cost', async () => {
    const key = await keyFor();
    const text = 'Platform governance keeps spend bounded';
    // The client asks base64 by default and decodes it.
    const answer = await clientOf(key.secret).embeddings.create({
      model: testEmbeddingsModelId,
      input: text,
    });
    expect(answer.object).toBe('list');
    expect(answer.model).toBe(testEmbeddingsModelId);
    expect(answer.data.map((d) => [d.object, d.index])).toEqual([['embedding', 0]]);
    expectVector(answer.data[0]?.embedding, text);
    // The model server counts a token a word.
    expect(answer.usage).toEqual({ prompt_tokens: 5, total_tokens: 5 });
    expect(model.embeddingCalls.at(-1)).toEqual([text]);
    // The spend: reserved, then settled at 5 tokens of the input price, on the key's ledger.
    const ledger = await ledgerOf(key.id);
    expect(ledger.map((e) => e.type)).toEqual(['SpendReserved', 'SpendSettled']);
    const requestId = (ledger[0]?.data as { requestId: string }).requestId;
    const cost = (5 * inputPrice) / 1000;
    expect((ledger[1]?.data as { amount: number }).amount).toBeCloseTo(cost, 12);
    const userLedger = await readStream(p.database.db, spendStreamIds.user(ann));
    expect(userLedger.some((e) => (e.data as { requestId?: string }).requestId === requestId)).toBe(true);
    // The log: requested through the API with the key, then completed with the usage and cost.
    const events = await readStream(p.database.db, embeddingsRequestStreamId(requestId));
    expect(events.map((e) => e.type)).toEqual(['EmbeddingsRequested', 'EmbeddingsCompleted']);
    expect(events[0]?.metadata.actor).toEqual({ email: ann, kind: 'apiKey', apiKeyId: key.id });
    expect(events[0]?.data as EmbeddingsRequestedData).toMatchObject({
      model: testEmbeddingsModelId,
      inputs: 1,
      via: { api: 'openai', apiKeyId: key.id },
    });
    const ended = events[1]?.data as EmbeddingsEnded;
    expect(ended.usage.inputTokens).toBe(5);
    expect(ended.usage.cost).toBeCloseTo(cost, 12);
    expect(JSON.stringify(events)).not.toContain(text);
  });

  it('embeds several inputs in order, as floats when asked, with their usage; dimensions passed on', async () => {
    const key = await keyFor();
    const texts = ['red apples', 'green pears ripen slowly', 'blue sky'];
    const answer = await clientOf(key.secret).embeddings.create({
      model: testEmbeddingsModelId,
      input: texts,
      encoding_format: 'float',
      dimensions: 64,
    });
    expect(answer.data.map((d) => d.index)).toEqual([0, 1, 2]);
    texts.forEach((t, i) => expectVector(answer.data[i]?.embedding, t));
    expect(answer.usage).toEqual({ prompt_tokens: 8, total_tokens: 8 });
    expect(model.embeddingCalls.at(-1)).toEqual(texts);
    // `dimensions` goes to the model.
    expect(model.requests.at(-1)?.body).toMatchObject({ model: testEmbeddingsModelId, dimensions: 64 });
  });

  it('a key without the Dual Embedding access type: 403 in OpenAI’s shape, the model server not called', async () => {
    const key = await keyFor({ accessTypes: ['chat'] });
    const calls = model.embeddingCalls.length;
    const refused = await clientOf(key.secret)
      .embeddings.create({ model: testEmbeddingsModelId, input: 'hello' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((refused as InstanceType<typeof OpenAI.PermissionDeniedError>).error).toMatchObject({
      message: apiKeyMessages.outsideAccessTypes('dual_embedding'),
      type: 'permission_error',
    });
    expect(model.embeddingCalls.length).toBe(calls);
  });

  it('an unknown model, or a chat model: 404 model_not_found', async () => {
    const key = await keyFor();
    for (const name of ['no-such-embedding-model', testChatModelId]) {
      const refused = await clientOf(key.secret)
        .embeddings.create({ model: name, input: 'hello' })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OpenAI.NotFoundError);
      expect((refused as InstanceType<typeof OpenAI.NotFoundError>).error).toMatchObject({
        message: openaiApiMessages.embeddingsModelNotFound(name),
        type: 'invalid_request_error',
        code: 'model_not_found',
      });
    }
  });

  it('bodies out of bounds: 400 by field, 413 over the body limit; nothing sent', async () => {
    const key = await keyFor();
    const calls = model.embeddingCalls.length;
    const post = (body: unknown) =>
      fetch(`${baseURL}/embeddings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const tooMany = await post({
      model: testEmbeddingsModelId,
      input: Array.from({ length: 513 }, () => 'x'),
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: 'input: input takes at most 512 texts' },
    });
    const empty = await post({ model: testEmbeddingsModelId, input: [] });
    expect(empty.status).toBe(400);
    const long = await post({ model: testEmbeddingsModelId, input: ['ok', 'x'.repeat(32_001)] });
    expect(await long.json()).toMatchObject({
      error: { message: 'input.1: An input must be at most 32000 characters long.' },
    });
    const tokens = await post({ model: testEmbeddingsModelId, input: [[1, 2, 3]] });
    expect(tokens.status).toBe(400);
    const huge = await post({ model: testEmbeddingsModelId, input: 'x'.repeat(5 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: 'request_too_large' } });
    expect(model.embeddingCalls.length).toBe(calls);
  });

  it('a spent limit: 429 with Retry-After before the model server sees anything', async () => {
    const key = await keyFor({ applicationName: 'Capped', rateLimit: { period: 'Daily', rate: 0 } });
    const requests = model.requests.length;
    const refused = await clientOf(key.secret)
      .embeddings.create({ model: testEmbeddingsModelId, input: 'hello there' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
    const error = refused as InstanceType<typeof OpenAI.RateLimitError>;
    expect(Number(error.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(error.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect((error.error as { message: string }).message).toContain(apiKeyMessages.limitName('Capped'));
    expect(model.requests.length).toBe(requests);
    expect(await ledgerOf(key.id)).toEqual([]);
    // The refusal is recorded on the key, naming this route.
    const uses = await readStream(p.database.db, apiKeyUseStreamId(key.id));
    expect(uses.map((e) => [e.type, (e.data as { reason: string; route: string }).route])).toEqual([
      ['ApiKeyUseRefused', 'POST /v1/embeddings'],
    ]);
  });
});

describe('the API reference', () => {
  it('lists POST /v1/embeddings', async () => {
    const res = await p.call({ email: admin }, 'GET', '/api/docs/json');
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain(openaiRoutes.embeddings);
  });
});
