import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata, SpendEvent } from '@app/contracts';
import { appendToStream, inTransaction, type Db } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { createStateCache } from '../../src/shared/state-cache';
import { loadState } from '../../src/shared/stream-state';
import { spendLedgerDecider } from '../../src/spend/index';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t.drop();
});

const metadata = (): EventMetadata => {
  const id = randomUUID();
  return {
    actor: { email: 'ann@example.com', kind: 'user' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

const reserved = (amount: number): SpendEvent => ({
  type: 'SpendReserved',
  data: { requestId: randomUUID(), amount, at: new Date().toISOString() },
});

const append = (stream: string, events: SpendEvent[], trx: Db = db) =>
  appendToStream(trx, stream, events, { expectedVersion: 'any', metadata: metadata() });

/** The states of `streams` through `cache`, in one batch. */
const viaCache = async (cache: ReturnType<typeof createStateCache>, streams: string[]) => {
  const batch = cache.batch();
  const got = streams.map((s) => batch.add(spendLedgerDecider, s));
  await batch.load(db);
  return got.map((g) => g());
};

const fresh = async (streams: string[]) =>
  Promise.all(streams.map(async (s) => (await loadState(db, spendLedgerDecider, s)).state));

describe('state cache', () => {
  it('answers what a fresh read gives, after every append (a save an instant ago is seen)', async () => {
    const cache = createStateCache();
    const a = `spend-user-${randomUUID()}`;
    const b = `spend-user-${randomUUID()}`;
    expect(await viaCache(cache, [a, b])).toEqual(await fresh([a, b]));
    await append(a, [reserved(1)]);
    expect(await viaCache(cache, [a, b])).toEqual(await fresh([a, b]));
    await append(b, [reserved(2), reserved(3)]);
    await append(a, [reserved(4)]);
    const [stateA, stateB] = await viaCache(cache, [a, b]);
    expect(stateA?.total.reserved).toBe(5);
    expect(stateB?.total.reserved).toBe(5);
    expect([stateA, stateB]).toEqual(await fresh([a, b]));
  });

  it('peeks at the states kept without reading: none before a load, the same objects after, the old ones after an append', async () => {
    const cache = createStateCache();
    const a = `spend-user-${randomUUID()}`;
    await append(a, [reserved(1)]);
    const peek = () => {
      const batch = cache.batch();
      const got = batch.add(spendLedgerDecider, a);
      return batch.peek() ? got() : undefined;
    };
    expect(peek()).toBeUndefined();
    const [loaded] = await viaCache(cache, [a]);
    expect(peek()).toBe(loaded);
    await append(a, [reserved(2)]);
    // Kept, not read: the append is seen by the next load, never by a peek.
    expect(peek()).toBe(loaded);
    const [after] = await viaCache(cache, [a]);
    expect(after).not.toBe(loaded);
    expect(after?.total.reserved).toBe(3);
    expect(peek()).toBe(after);
  });

  it('keeps folds apart: a state answered before is not changed by later ones', async () => {
    const cache = createStateCache();
    const a = `spend-user-${randomUUID()}`;
    await append(a, [reserved(1)]);
    const [before] = await viaCache(cache, [a]);
    const copy = structuredClone(before);
    await append(a, [reserved(2)]);
    const [after] = await viaCache(cache, [a]);
    expect(before).toEqual(copy);
    expect(after?.total.reserved).toBe(3);
  });

  it('never keeps what a transaction rolled back', async () => {
    const cache = createStateCache();
    const a = `spend-user-${randomUUID()}`;
    await append(a, [reserved(1)]);
    await viaCache(cache, [a]);
    await inTransaction(db, async (trx) => {
      await append(a, [reserved(100)], trx);
      throw new Error('rolled back');
    }).catch(() => undefined);
    await append(a, [reserved(2)]);
    const [state] = await viaCache(cache, [a]);
    expect(state?.total.reserved).toBe(3);
  });

  it('holds at most its number of streams, and still reads the ones it dropped', async () => {
    const cache = createStateCache({ maxEntries: 2 });
    const streams = [1, 2, 3].map(() => `spend-user-${randomUUID()}`);
    for (const [i, s] of streams.entries()) await append(s, [reserved(i + 1)]);
    for (const s of streams) await viaCache(cache, [s]);
    expect(await viaCache(cache, streams)).toEqual(await fresh(streams));
  });
});
