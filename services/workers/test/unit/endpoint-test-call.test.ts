import { describe, expect, it } from 'vitest';
import { answerProblem, endpointTestCall, endpointTestHeaders } from '../../src/jobs/endpoint-test-call';

const base = 'https://east.example.com';

describe('the request an endpoint test sends (admin spec 7)', () => {
  it('embedding models: an embeddings request on openai/deployments/<model>/embeddings, api-version 2024-02-01', () => {
    for (const url of [base, `${base}/`]) {
      expect(endpointTestCall({ url, model: 'text-embedding-3-small' })).toEqual({
        kind: 'embeddings',
        url: `${base}/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-02-01`,
        body: { input: expect.any(String) as string },
      });
    }
  });

  it('the path goes below the url as given, its query left out', () => {
    expect(endpointTestCall({ url: `${base}/proxy?x=1`, model: 'text-embedding-3-large' }).url).toBe(
      `${base}/proxy/openai/deployments/text-embedding-3-large/embeddings?api-version=2024-02-01`,
    );
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
