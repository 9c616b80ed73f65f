import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedEmbedding, startModelServer, type ModelServer } from '@app/platform/testing';

const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);

describe('the test model server: POST /v1/embeddings', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('given texts, answers one deterministic unit vector per input in the OpenAI shape and counts the call', async () => {
    const res = await fetch(server.embeddingsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', input: ['Cats purr softly', 'cats purr', 'Quarterly tax filing'] }),
    });
    const body = (await res.json()) as { data: { embedding: number[]; index: number }[]; model: string };
    expect(res.status).toBe(200);
    expect(body.model).toBe('m');
    expect(body.data.map((d) => d.index)).toEqual([0, 1, 2]);
    const [a, b, c] = body.data.map((d) => d.embedding);
    expect(a).toEqual(hashedEmbedding('Cats purr softly'));
    expect(cosine(a!, a!)).toBeCloseTo(1, 6);
    expect(cosine(a!, b!)).toBeGreaterThan(cosine(a!, c!));
    expect(server.embeddingCalls.at(-1)).toEqual(['Cats purr softly', 'cats purr', 'Quarterly tax filing']);
  });

  it('given failWith, answers that status and counts no call', async () => {
    server.behave({ failWith: 503 });
    const before = server.embeddingCalls.length;
    const res = await fetch(server.embeddingsUrl, { method: 'POST', body: JSON.stringify({ input: 'x' }) });
    expect(res.status).toBe(503);
    expect(server.embeddingCalls.length).toBe(before);
    server.behave({});
  });
});
