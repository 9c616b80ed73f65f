import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVectorStore, type VectorStore } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const chunk = (index: number, text: string) => ({ index, text, location: { page: index + 1 } });

describe.each(['sql', 'node'] as const)('the vector store, exact scan computed in %s', (way) => {
  let store: VectorStore;
  const a = `a-${way}`;
  const b = `b-${way}`;

  beforeAll(async () => {
    store = await createVectorStore(database.db, { exactScan: way });
    await store.putChunks(a, [chunk(0, 'north'), chunk(1, 'east'), chunk(2, 'north-east')]);
    await store.putChunks(b, [chunk(0, 'exactly north')]);
    await store.putVectors(
      a,
      [
        { index: 0, vector: [1, 0, 0] },
        { index: 1, vector: [0, 3, 0] },
      ],
      'm',
    );
    await store.putVectors(b, [{ index: 0, vector: [5, 0, 0] }], 'm');
  });

  it('given no pgvector here, is the exact scan', () => {
    expect(store.kind).toBe('exact');
  });

  it('given chunks with and without vectors, counts and lists them', async () => {
    expect(await store.hasChunks(a)).toBe(true);
    expect(await store.hasChunks('nothing')).toBe(false);
    expect(await store.embeddedCount(a)).toBe(2);
    expect((await store.chunks(a)).map((c) => c.text)).toEqual(['north', 'east', 'north-east']);
    expect(await store.chunks(a, { withoutVectors: true })).toEqual([
      { sha256: a, index: 2, text: 'north-east', location: { page: 3 } },
    ]);
  });

  it('when searching, ranks by cosine (vectors of any length), best first, with text and location', async () => {
    await store.putVectors(a, [{ index: 2, vector: [1, 1, 0] }], 'm');
    const hits = await store.search([2, 0.2, 0], [a], 3);
    expect(hits.map((h) => h.text)).toEqual(['north', 'north-east', 'east']);
    expect(hits[0]).toMatchObject({ sha256: a, index: 0, location: { page: 1 } });
    expect(hits[0]!.score).toBeCloseTo(2 / Math.sqrt(4.04), 5);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it('when searching, looks only among the digests given, and takes at most `limit`', async () => {
    expect((await store.search([1, 0, 0], [b], 5)).map((h) => h.sha256)).toEqual([b]);
    const both = await store.search([1, 0, 0], [a, b], 2);
    expect(both.map((h) => h.text)).toEqual(expect.arrayContaining(['north', 'exactly north']));
    expect(both).toHaveLength(2);
    expect(await store.search([1, 0, 0], [], 5)).toEqual([]);
  });

  it('when vectors of another dimension are asked for, finds none', async () => {
    expect(await store.search([1, 0], [a, b], 5)).toEqual([]);
  });

  it('when putChunks comes again for a digest, replaces its chunks (and drops their vectors)', async () => {
    const c = `c-${way}`;
    await store.putChunks(c, [chunk(0, 'one'), chunk(1, 'two'), chunk(2, 'three')]);
    await store.putVectors(c, [{ index: 0, vector: [1, 0, 0] }], 'm');
    await store.putChunks(c, [{ index: 0, text: 'only' }]);
    expect(await store.chunks(c)).toEqual([{ sha256: c, index: 0, text: 'only' }]);
    expect(await store.embeddedCount(c)).toBe(0);
  });
});
