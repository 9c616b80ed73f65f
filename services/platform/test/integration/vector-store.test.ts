import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVectorStore, type ExactScanningVectorStore } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const chunk = (index: number, text: string) => ({ index, text, location: { page: index + 1 } });

describe.each([
  ['with its in-memory matrices', undefined],
  ['without them', 0],
] as const)('the vector store, exact scan %s', (name, cacheBytes) => {
  let store: ExactScanningVectorStore;
  const tag = cacheBytes === 0 ? 'nocache' : 'cache';
  const a = `a-${tag}`;
  const b = `b-${tag}`;

  beforeAll(async () => {
    store = await createVectorStore(database.db, { cacheBytes });
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
    for (let round = 0; round < 2; round++) {
      const hits = await store.search([2, 0.2, 0], [a], 3);
      expect(hits.map((h) => h.text)).toEqual(['north', 'north-east', 'east']);
      expect(hits[0]).toMatchObject({ sha256: a, index: 0, location: { page: 1 } });
      expect(hits[0]!.score).toBeCloseTo(2 / Math.sqrt(4.04), 5);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    }
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
    const c = `c-${tag}`;
    await store.putChunks(c, [chunk(0, 'one'), chunk(1, 'two'), chunk(2, 'three')]);
    await store.putVectors(c, [{ index: 0, vector: [1, 0, 0] }], 'm');
    await store.putChunks(c, [{ index: 0, text: 'only' }]);
    expect(await store.chunks(c)).toEqual([{ sha256: c, index: 0, text: 'only' }]);
    expect(await store.embeddedCount(c)).toBe(0);
    expect(await store.search([1, 0, 0], [c], 5)).toEqual([]);
  });

  it('given a chunk whose vector has another dimension, skips it and ranks the rest', async () => {
    const m = `mixed-${tag}`;
    await store.putChunks(m, [chunk(0, 'three'), chunk(1, 'two'), chunk(2, 'three too')]);
    await store.putVectors(
      m,
      [
        { index: 0, vector: [1, 0, 0] },
        { index: 1, vector: [1, 0] },
        { index: 2, vector: [0, 1, 0] },
      ],
      'm',
    );
    expect((await store.search([1, 0, 0], [m], 5)).map((h) => h.text)).toEqual(['three', 'three too']);
    expect((await store.search([1, 0], [m], 5)).map((h) => h.text)).toEqual(['two']);
  });

  it('given digests with quotes and backslashes, finds them; through a transaction (no pool) the same', async () => {
    const odd = `it's a \\ digest ${tag}`;
    await store.putChunks(odd, [chunk(0, 'odd one'), chunk(1, 'odd two')]);
    await store.putVectors(
      odd,
      [
        { index: 0, vector: [0, 0, 1] },
        { index: 1, vector: [0, 1, 1] },
      ],
      'm',
    );
    const hits = await store.search([0, 0, 1], [odd, b], 3);
    expect(hits.map((h) => h.text)).toEqual(['odd one', 'odd two', 'exactly north']);
    const inTransaction = await database.db
      .transaction()
      .execute(async (trx) => (await createVectorStore(trx, { cacheBytes })).search([0, 0, 1], [odd, b], 3));
    expect(inTransaction).toEqual(hits);
  });

  it('given many random vectors over several documents, ranks as the cosine computed apart does', async () => {
    const dims = 24;
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    const docs = [0, 1, 2].map((d) => `random-${tag}-${d}`);
    const all: { sha256: string; index: number; v: number[] }[] = [];
    for (const sha256 of docs) {
      const n = 150;
      await store.putChunks(
        sha256,
        Array.from({ length: n }, (_, i) => chunk(i, `${sha256}/${i}`)),
      );
      const vectors = Array.from({ length: n }, (_, index) => ({
        index,
        vector: Array.from({ length: dims }, random),
      }));
      await store.putVectors(sha256, vectors, 'm');
      for (const v of vectors) all.push({ sha256, index: v.index, v: v.vector });
    }
    const query = Array.from({ length: dims }, random);
    const cos = (x: number[], y: number[]) => {
      let xy = 0;
      let xx = 0;
      let yy = 0;
      for (let j = 0; j < x.length; j++) {
        xy += x[j]! * y[j]!;
        xx += x[j]! * x[j]!;
        yy += y[j]! * y[j]!;
      }
      return xy / Math.sqrt(xx * yy);
    };
    const expected = all
      .map((c) => ({ key: `${c.sha256}/${c.index}`, score: cos(query, c.v) }))
      .sort((x, y) => y.score - x.score)
      .slice(0, 10);
    for (let round = 0; round < 2; round++) {
      const hits = await store.search(query, docs, 10);
      expect(hits.map((h) => h.text)).toEqual(expected.map((e) => e.key));
      hits.forEach((h, i) => expect(h.score).toBeCloseTo(expected[i]!.score, 5));
    }
  });
});

describe('the exact scan keeps complete documents in memory', () => {
  let store: ExactScanningVectorStore;
  let other: ExactScanningVectorStore;
  const doc = 'cached-doc';
  const texts = ['north', 'east', 'up'];

  beforeAll(async () => {
    store = await createVectorStore(database.db);
    // Another process on the same database.
    other = await createVectorStore(database.db);
    await store.putChunks(
      doc,
      texts.map((t, i) => chunk(i, t)),
    );
    await store.putVectors(
      doc,
      [
        { index: 0, vector: [1, 0, 0] },
        { index: 1, vector: [0, 1, 0] },
      ],
      'm',
    );
  });

  const topText = async (s: ExactScanningVectorStore, q: number[]) => (await s.search(q, [doc], 1))[0]?.text;
  const scoreOf = async (s: ExactScanningVectorStore, q: number[], text: string) =>
    (await s.search(q, [doc], 3)).find((h) => h.text === text)?.score;

  it('given a document not yet fully embedded, reads it every time and keeps nothing', async () => {
    expect(await topText(store, [0, 1, 0])).toBe('east');
    expect(await topText(store, [0, 1, 0])).toBe('east');
    expect(store.cacheStats()).toMatchObject({ documents: 0, hits: 0 });
  });

  it('given a complete document, keeps its matrix after the first search and answers the same from it', async () => {
    await store.putVectors(doc, [{ index: 2, vector: [0, 0, 1] }], 'm');
    const first = await store.search([0.1, 0.2, 1], [doc], 3);
    expect(store.cacheStats()).toMatchObject({ documents: 1, hits: 0, loads: 1 });
    const second = await store.search([0.1, 0.2, 1], [doc], 3);
    expect(store.cacheStats()).toMatchObject({ documents: 1, hits: 1 });
    expect(second).toEqual(first);
    expect(first.map((h) => h.text)).toEqual(['up', 'east', 'north']);
  });

  it('given its matrix is kept, a change written behind the store (no version bump) is not read', async () => {
    expect(await scoreOf(store, [1, 0, 0], 'north')).toBeCloseTo(1, 6);
    await sql`update document_chunks set embedding_bin = (select embedding_bin from document_chunks
      where sha256 = ${doc} and chunk_index = 1) where sha256 = ${doc} and chunk_index = 0`.execute(
      database.db,
    );
    expect(await scoreOf(store, [1, 0, 0], 'north')).toBeCloseTo(1, 6);
    await sql`update document_chunk_versions set version = version + 1 where sha256 = ${doc}`.execute(
      database.db,
    );
    expect(await scoreOf(store, [1, 0, 0], 'north')).toBeCloseTo(0, 6);
  });

  it('when this store writes vectors of the document, searches see them', async () => {
    await store.putVectors(doc, [{ index: 0, vector: [1, 0, 0] }], 'm');
    expect(await topText(store, [1, 0, 0])).toBe('north');
    await store.putVectors(doc, [{ index: 0, vector: [0, 0, -1] }], 'm');
    expect(await scoreOf(store, [1, 0, 0], 'north')).toBeCloseTo(0, 6);
    expect(await topText(store, [0, 0, -1])).toBe('north');
  });

  it('when another process writes vectors or chunks of the document, searches see them', async () => {
    expect(await topText(store, [0, 1, 0])).toBe('east');
    expect(await topText(other, [0, 1, 0])).toBe('east');
    await other.putVectors(doc, [{ index: 1, vector: [0, -1, 0] }], 'm');
    expect(await scoreOf(store, [0, 1, 0], 'east')).toBeCloseTo(-1, 6);
    await other.putChunks(doc, [chunk(0, 'replaced')]);
    expect(await store.search([0, 1, 0], [doc], 3)).toEqual([]);
    await other.putVectors(doc, [{ index: 0, vector: [0, 1, 0] }], 'm');
    expect(await topText(store, [0, 1, 0])).toBe('replaced');
    expect(await topText(store, [0, 1, 0])).toBe('replaced');
  });

  it('given a bound smaller than a document, keeps none; clearing empties it', async () => {
    const tiny = await createVectorStore(database.db, { cacheBytes: 10 });
    expect(await topText(tiny, [0, 1, 0])).toBe('replaced');
    expect(tiny.cacheStats().documents).toBe(0);
    store.clearCache();
    expect(store.cacheStats()).toMatchObject({ documents: 0, bytes: 0 });
  });
});
