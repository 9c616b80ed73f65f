import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatChunk } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import type { StreamedChunk } from '../../src/chat/streams/index';
import { pgBackend, redisBackend, redisUrl, uniqueId, type StreamsBackend } from './chat-streams-backends';

const answer = (i: number): ChatChunk => ({ s: 'answer', d: `token ${i} ` });
const ids = (chunks: StreamedChunk[]) => chunks.map((c) => c.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Everything a follow yields, until it ends. */
const collect = async (chunks: AsyncIterable<StreamedChunk>): Promise<StreamedChunk[]> => {
  const out: StreamedChunk[] = [];
  for await (const c of chunks) out.push(c);
  return out;
};

/** Reads `n` chunks of a follow that goes on (its iterator stays open for more). */
const take = async (it: AsyncIterator<StreamedChunk>, n: number): Promise<StreamedChunk[]> => {
  const out: StreamedChunk[] = [];
  while (out.length < n) {
    const next = await it.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
};

let database: TestDatabase;
const backends: Record<string, StreamsBackend> = {};
beforeAll(async () => {
  database = await createTestDatabase();
  backends['postgres'] = pgBackend(database);
  if (redisUrl) backends['redis'] = redisBackend(redisUrl);
});
afterAll(async () => {
  await Promise.all(Object.values(backends).map((b) => b.close()));
  await database.drop();
});

describe.each(['postgres', ...(redisUrl ? ['redis'] : [])])('chat stream store on %s', (name) => {
  const backend = () => backends[name]!;
  const never = new AbortController().signal;

  it('saves 100 chunks written at once in a few batches, and a follower gets all 100 in order, then the end', async () => {
    const store = backend().store();
    const id = uniqueId('hundred');
    const writer = await store.open(id, 'ann@example.com');
    const written = range(1, 100).map((i) => writer.write(answer(i)));
    await writer.end();
    expect(written).toEqual(range(1, 100));
    const batches = await backend().batches(id);
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThanOrEqual(4);
    const chunks = await store.follow(id, 'ann@example.com', 0, never);
    const got = await collect(chunks!);
    expect(ids(got)).toEqual(range(1, 100));
    expect(got[41]?.chunk).toEqual(answer(42));
  });

  it('saves 100 chunks written one per turn of the event loop (as a model streams) in far fewer batches', async () => {
    const store = backend().store();
    const id = uniqueId('tokens');
    const writer = await store.open(id, 'ann@example.com');
    for (const i of range(1, 100)) {
      writer.write(answer(i));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writer.end();
    expect(await backend().batches(id)).toBeLessThanOrEqual(25);
    const got = await collect((await store.follow(id, 'ann@example.com', 0, never))!);
    expect(ids(got)).toEqual(range(1, 100));
  });

  it('follows from an id: the chunks up to it are skipped', async () => {
    const store = backend().store();
    const id = uniqueId('after');
    const writer = await store.open(id, 'ann@example.com');
    for (const i of range(1, 100)) writer.write(answer(i));
    await writer.end();
    expect(ids(await collect((await store.follow(id, 'ann@example.com', 40, never))!))).toEqual(
      range(41, 100),
    );
    expect(await collect((await store.follow(id, 'ann@example.com', 100, never))!)).toEqual([]);
  });

  it('a follower started mid-stream gets the earlier chunks, then the later ones live, then the end', async () => {
    const store = backend().store();
    const id = uniqueId('mid');
    const writer = await store.open(id, 'ann@example.com');
    for (const i of range(1, 10)) writer.write(answer(i));
    await expect.poll(() => backend().batches(id)).toBeGreaterThan(0);
    const it = (await store.follow(id, 'ann@example.com', 0, never))![Symbol.asyncIterator]();
    expect(ids(await take(it, 10))).toEqual(range(1, 10));
    const next = it.next();
    for (const i of range(11, 20)) writer.write(answer(i));
    expect((await next).value).toEqual({ id: 11, chunk: answer(11) });
    expect(ids(await take(it, 9))).toEqual(range(12, 20));
    const last = it.next();
    await writer.end();
    expect((await last).done).toBe(true);
  });

  it("answers null for another user's stream and for an unknown one", async () => {
    const store = backend().store();
    const id = uniqueId('owner');
    const writer = await store.open(id, 'ann@example.com');
    writer.write(answer(1));
    await writer.end();
    expect(await store.follow(id, 'bob@example.com', 0, never)).toBeNull();
    expect(await store.follow(uniqueId('unknown'), 'ann@example.com', 0, never)).toBeNull();
    expect(await store.follow(id, 'ann@example.com', 0, never)).not.toBeNull();
  });

  it('refuses to open a stream twice', async () => {
    const store = backend().store();
    const id = uniqueId('twice');
    await store.open(id, 'ann@example.com');
    await expect(store.open(id, 'ann@example.com')).rejects.toThrow(/open already/);
  });

  it('a stream ended without a chunk written ends its followers', async () => {
    const store = backend().store();
    const id = uniqueId('empty');
    const writer = await store.open(id, 'ann@example.com');
    const it = (await store.follow(id, 'ann@example.com', 0, never))![Symbol.asyncIterator]();
    const first = it.next();
    await writer.end();
    expect((await first).done).toBe(true);
    expect(writer.write(answer(1))).toBe(0);
  });

  it('a writer in one instance, a follower in another: the follower sees the chunks live', async () => {
    // The follower's own poll is a minute: only the other instance's wake (NOTIFY, XREAD) can bring them in time.
    const writerStore = backend().store();
    const followerStore = backend().store({ pollMs: 60_000 });
    const id = uniqueId('across');
    const writer = await writerStore.open(id, 'ann@example.com');
    const it = (await followerStore.follow(id, 'ann@example.com', 0, never))![Symbol.asyncIterator]();
    const first = it.next();
    writer.write(answer(1));
    expect((await first).value).toEqual({ id: 1, chunk: answer(1) });
    const more = take(it, 2);
    writer.write(answer(2));
    writer.write(answer(3));
    expect(ids(await more)).toEqual([2, 3]);
    const end = it.next();
    await writer.end();
    expect((await end).done).toBe(true);
  });

  it('an aborted follow ends, and leaves no follower behind', async () => {
    const store = backend().store({ pollMs: 60_000 });
    const id = uniqueId('abort');
    const writer = await store.open(id, 'ann@example.com');
    writer.write(answer(1));
    const following = new AbortController();
    const it = (await store.follow(id, 'ann@example.com', 0, following.signal))![Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual({ id: 1, chunk: answer(1) });
    const waiting = it.next();
    await expect.poll(() => store.followers()).toBe(1);
    following.abort();
    expect((await waiting).done).toBe(true);
    expect(store.followers()).toBe(0);
    await writer.end();
  });

  it('close ends the followers of the store', async () => {
    const store = backend().store({ pollMs: 60_000 });
    const id = uniqueId('close');
    await store.open(id, 'ann@example.com');
    const it = (await store.follow(id, 'ann@example.com', 0, never))![Symbol.asyncIterator]();
    const waiting = it.next();
    await expect.poll(() => store.followers()).toBe(1);
    await store.close();
    expect((await waiting).done).toBe(true);
  });
});
