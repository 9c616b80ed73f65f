import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  calledUrlShown,
  endpointTestCall,
  endpointTestHeaders,
} from '../../src/jobs/endpoint-test-call';

const base = 'https://east.example.com';

describe('the request an endpoint test sends (admin spec 7)', () => {
  const azure = 'https://east.openai.azure.com';

  it('an OpenAI-compatible embeddings url: a plain embeddings request to the url as typed', () => {
    const url = 'http://127.0.0.1:11434/v1/embeddings';
    for (const provider of [undefined, 'vLLM', 'Ollama']) {
      expect(endpointTestCall({ url, model: 'nomic-embed-text', provider })).toEqual({
        kind: 'embeddings',
        url,
        body: { model: 'nomic-embed-text', input: expect.any(String) as string },
      });
    }
  });

  it('a chat-completions url is asked at /embeddings beside it, its query kept (as the embedder does)', () => {
    expect(
      endpointTestCall({ url: `${base}/v1/chat/completions?x=1`, model: 'text-embedding-3-large' }).url,
    ).toBe(`${base}/v1/embeddings?x=1`);
  });

  it('a url ending in /embeddings is tested with an embeddings request whatever the model id', () => {
    expect(endpointTestCall({ url: `${base}/v1/embeddings`, model: 'bge-m3' }).kind).toBe('embeddings');
  });

  it('an Azure resource: openai/deployments/<model>/embeddings, api-version 2024-02-01, its credentials kept', () => {
    for (const url of [azure, `${azure}/`, `${azure}/openai`]) {
      expect(endpointTestCall({ url, model: 'text-embedding-3-small' }).url).toBe(
        `${azure}/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-02-01`,
      );
    }
    expect(
      endpointTestCall({
        url: `${base}?api-key=sk-1&x=2`,
        model: 'text-embedding-3-small',
        provider: 'Azure',
      }).url,
    ).toBe(
      `${base}/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-02-01&api-key=sk-1`,
    );
  });

  it('an Azure deployment url is called as typed', () => {
    const url = `${azure}/openai/deployments/emb/embeddings?api-version=2024-02-01`;
    expect(endpointTestCall({ url, model: 'text-embedding-3-small', provider: 'azure' }).url).toBe(url);
  });

  it('the Azure form is used only for Azure: an OpenAI-compatible base url is called as typed', () => {
    expect(endpointTestCall({ url: base, model: 'text-embedding-3-small', provider: '' }).url).toBe(
      `${base}/`,
    );
  });

  it('the called url as messages show it: credentials left out, api-version kept', () => {
    expect(calledUrlShown(`${base}/v1/embeddings?api-version=1&api-key=sk-secret&sig=abc`)).toBe(
      `${base}/v1/embeddings?api-version=1`,
    );
    expect(calledUrlShown(`${base}/v1/embeddings`)).toBe(`${base}/v1/embeddings`);
  });

  it("'code-interpreter': chat completions on deployment gpt-4o, api-version 2024-08-01-preview", () => {
    const call = endpointTestCall({ url: base, model: 'code-interpreter' });
    expect(call.url).toBe(
      `${base}/openai/deployments/gpt-4o/chat/completions?api-version=2024-08-01-preview`,
    );
    expect(call).toMatchObject({ kind: 'chat', body: { model: 'gpt-4o', max_tokens: 50 } });
  });

  it('other models: a short chat request to the url as given, at most 50 tokens', () => {
    const url = `${base}/openai/deployments/gpt-4o/chat/completions?api-version=2024-02-15-preview`;
    const call = endpointTestCall({ url, model: 'gpt-4o' });
    expect(call.url).toBe(url);
    expect(call.kind).toBe('chat');
    expect(call.body).toMatchObject({ model: 'gpt-4o', max_tokens: 50 });
    expect(call.body['messages']).toEqual([{ role: 'user', content: expect.any(String) as string }]);
  });

  it('a body the dialog sent replaces the default fields; max tokens stay 50', () => {
    const call = endpointTestCall({
      url: base,
      model: 'o1',
      body: { messages: [{ role: 'user', content: 'ping' }], max_tokens: 4000 },
    });
    expect(call.body).toEqual({ model: 'o1', messages: [{ role: 'user', content: 'ping' }], max_tokens: 50 });
  });

  it('the key goes as api-key (Azure) and bearer (OpenAI-compatible)', () => {
    expect(endpointTestHeaders('k')).toMatchObject({ 'api-key': 'k', authorization: 'Bearer k' });
  });

  it('a keyless server gets no key header at all', () => {
    expect(endpointTestHeaders('')).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });
});

describe('judging the answer: the status and the shape, never the body in the reason', () => {
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));
  it('a chat completion with choices passes; embeddings with data pass', () => {
    expect(answerProblem('chat', 200, json({ choices: [] }))).toBeNull();
    expect(answerProblem('embeddings', 200, json({ data: [{ embedding: [0.1] }] }))).toBeNull();
  });

  it('a failing status is named with its standard text only', () => {
    expect(answerProblem('chat', 401, json({ error: 'bad key sk-secret' }))).toBe('HTTP 401 Unauthorized');
    expect(answerProblem('chat', 599, Buffer.from('x'))).toBe('HTTP 599');
  });

  it('a 200 that is not an OpenAI answer (an HTML page) fails', () => {
    const problem = answerProblem('chat', 200, Buffer.from('<html>secret page</html>'));
    expect(problem).toBe('HTTP 200, but the answer is not an OpenAI-compatible chat completion');
    expect(answerProblem('embeddings', 200, json({ choices: [] }))).toMatch(/embeddings list$/);
  });
});
