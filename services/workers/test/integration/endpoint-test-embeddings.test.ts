import { embedMany } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddingModelFor } from '@app/command';
import { adminMessages, platformMessages, secretRoutes, type TestEndpointResponse } from '@app/contracts';
import { startEmbeddingsOnlyServer, type EmbeddingsOnlyServer } from '../support/embeddings-only-server';
import { startEndpointTestPlatform, type EndpointTestPlatform } from '../support/endpoint-test-platform';

const ann = 'ann@example.com';
const key = 'embeddings-key-0000-AAAA';
const model = 'text-embedding-3-small';

let t: EndpointTestPlatform;
let keyed: EmbeddingsOnlyServer;
let keyless: EmbeddingsOnlyServer;

beforeAll(async () => {
  [keyed, keyless] = await Promise.all([startEmbeddingsOnlyServer(key), startEmbeddingsOnlyServer()]);
  t = await startEndpointTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await t.close();
  await Promise.all([keyed.close(), keyless.close()]);
});

const runTest = async (body: Record<string, unknown>): Promise<TestEndpointResponse> => {
  const res = await t.p.call(ann, 'POST', secretRoutes.testEndpoint, { body });
  expect(res.statusCode).toBe(200);
  return res.json<TestEndpointResponse>();
};

const saveEndpoint = (name: string, url: string, endpointKey: string) =>
  t.p.save(ann, [
    {
      type: 'openaiEndpoints',
      data: { models: [{ [name]: { endpoints: [{ url, key: endpointKey, isNew: true }] } }] },
    },
  ]);

describe('an OpenAI-compatible server serving embeddings only at /v1/embeddings', () => {
  it('its endpoint test passes with a plain embeddings request to the url typed, and the save goes through', async () => {
    const url = `${keyed.origin}/v1/embeddings`;
    const outcome = await runTest({ url, key, model });
    expect(outcome).toMatchObject({ success: true, message: platformMessages.endpointTestPassed });
    expect(keyed.calls.map((c) => c.path)).toEqual(['/v1/embeddings']);
    expect(keyed.calls[0]?.body).toMatchObject({ model, input: expect.any(String) as string });

    const { status, body } = await saveEndpoint(model, url, key);
    expect(status).toBe(200);
    expect(body.data['openaiEndpoints']).toMatchObject({ success: true });
    const { data } = await t.p.configs(ann, body.position);
    expect(data.openaiEndpoints.models).toEqual([
      { [model]: { endpoints: [{ url, key: expect.stringMatching(/^•+AAAA$/) as string }] } },
    ]);
  });

  it('a chat-completions url typed for an embeddings model is tested at /embeddings beside it, as the embedder calls it', async () => {
    const before = keyed.calls.length;
    const outcome = await runTest({ url: `${keyed.origin}/v1/chat/completions`, key, model });
    expect(outcome.success).toBe(true);
    expect(keyed.calls.slice(before).map((c) => c.path)).toEqual(['/v1/embeddings']);
  });

  it('a failure names the url that was called (no credential in it) and the status', async () => {
    const typed = `${keyed.origin}/api/chat/completions?api-key=sk-secret-in-url-1234&x=1`;
    const outcome = await runTest({ url: typed, key, model });
    expect(outcome).toMatchObject({
      success: false,
      message: adminMessages.endpointTestFailed(`${keyed.origin}/api/embeddings?x=1`),
      reason: 'HTTP 404 Not Found',
    });
    expect(JSON.stringify(outcome)).not.toContain('sk-secret-in-url');
  });

  it('with the server down the message names the url called and the connection error', async () => {
    const down = await startEmbeddingsOnlyServer(key);
    await down.close();
    const url = `${down.origin}/v1/embeddings`;
    const outcome = await runTest({ url, key, model });
    expect(outcome).toMatchObject({ success: false, message: adminMessages.endpointTestFailed(url) });
    expect(outcome.reason).toMatch(/connection refused/);
  });
});

describe('a keyless OpenAI-compatible server on loopback (Ollama, vLLM)', () => {
  const url = () => `${keyless.origin}/v1/embeddings`;

  it('its endpoint test passes without a key, and no key header is sent', async () => {
    const outcome = await runTest({ url: url(), model: 'nomic-embed-text' });
    expect(outcome).toMatchObject({ success: true });
    const call = keyless.calls.at(-1);
    expect(call?.path).toBe('/v1/embeddings');
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.headers['api-key']).toBeUndefined();
  });

  it('it saves without a key, is read back keyless, and saving it again changes nothing', async () => {
    const { status, body } = await saveEndpoint('nomic-embed-text', url(), '');
    expect(status).toBe(200);
    expect(body.data['openaiEndpoints']).toMatchObject({ success: true });
    const { data } = await t.p.configs(ann, body.position);
    expect(data.openaiEndpoints.models).toEqual([
      { 'nomic-embed-text': { endpoints: [{ url: url(), key: '' }] } },
    ]);
    const added = (await t.p.events()).filter((e) => e.type === 'OpenAiEndpointAdded').at(-1);
    expect(added?.data).toEqual({ model: 'nomic-embed-text', url: url() });

    const before = (await t.p.events()).length;
    const again = await saveEndpoint('nomic-embed-text', url(), '');
    expect(again.status).toBe(200);
    expect((await t.p.events()).length).toBe(before);
  });

  it('a keyless endpoint has no key to reveal: refused, nothing recorded', async () => {
    const before = (await t.p.events()).length;
    const res = await t.p.call(ann, 'POST', secretRoutes.reveal, {
      body: { section: 'openaiEndpoints', model: 'nomic-embed-text', index: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: platformMessages.noSuchSecret('OpenAi Endpoints', 'nomic-embed-text #1'),
    });
    expect((await t.p.events()).length).toBe(before);
  });

  it("the product's embeddings call sends no Authorization header either", async () => {
    const before = keyless.calls.length;
    const { embeddings } = await embedMany({
      model: embeddingModelFor('openai-compatible', 'nomic-embed-text', { url: url(), key: '' }, t.outbound),
      values: ['a', 'b'],
      maxRetries: 0,
    });
    expect(embeddings).toHaveLength(2);
    const calls = keyless.calls.slice(before);
    expect(calls.map((c) => c.path)).toEqual(['/v1/embeddings']);
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[0]?.headers['api-key']).toBeUndefined();
  });

  it('a test without a key elsewhere is refused at once with the same message, nothing appended or called', async () => {
    const before = (await t.p.events()).length;
    for (const url of [
      'https://api.example.com/v1/embeddings',
      `http://127.0.0.2:${keyless.port}/v1/embeddings`,
    ]) {
      const res = await t.p.call(ann, 'POST', secretRoutes.testEndpoint, { body: { url, model } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: platformMessages.endpointKeyRequired(model, url) });
    }
    expect((await t.p.events()).length).toBe(before);
  });

  it('an endpoint on a public address without a key is refused with a clear message, nothing appended', async () => {
    const before = (await t.p.events()).length;
    const publicUrl = 'https://api.example.com/v1/embeddings';
    const { status, body } = await saveEndpoint('public-embed', publicUrl, '');
    expect(status).toBe(400);
    expect(body.data['openaiEndpoints']).toMatchObject({
      success: false,
      message: platformMessages.endpointKeyRequired('public-embed', publicUrl),
    });
    expect((await t.p.events()).length).toBe(before);
  });

  it('a loopback address OUTBOUND_ALLOW does not list needs a key too', async () => {
    const { status, body } = await saveEndpoint('other-embed', 'http://127.0.0.2:11434/v1/embeddings', '');
    expect(status).toBe(400);
    expect(body.data['openaiEndpoints']?.message).toBe(
      platformMessages.endpointKeyRequired('other-embed', 'http://127.0.0.2:11434/v1/embeddings'),
    );
  });
});
