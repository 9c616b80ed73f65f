import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { pgChatStreamStore, redisChatStreamStore } from '../../src/chat/streams/index';
import { chatStreamKeys } from '../../src/chat/streams/redis-connection';
import { redisBackend, redisUrl, uniqueId } from './chat-streams-backends';

const minute = 60_000;
const never = new AbortController().signal;

describe('chat streams in PostgreSQL: retention', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const openedAgo = (id: string, ms: number) =>
    database.db
      .updateTable('chat_stream_chunks')
      .set({ created_at: new Date(Date.now() - ms) })
      .where('request_id', '=', id)
      .execute();

  it('keeps a recently ended stream and one still running; drops one ended long ago and one abandoned', async () => {
    const store = pgChatStreamStore(database.db, database.url, { pruneEveryMs: 0, retentionMs: 10 * minute });
    const stream = async (id: string, end: boolean) => {
      const writer = await store.open(id, 'ann@example.com');
      writer.write({ s: 'answer', d: 'hello' });
      // A stream left running is flushed by its batcher in its own time: the poll below waits for it.
      if (end) await writer.end();
      return id;
    };
    const recent = await stream(uniqueId('recent'), true);
    const old = await stream(uniqueId('old'), true);
    const running = await stream(uniqueId('running'), false);
    const abandoned = await stream(uniqueId('abandoned'), false);
    await expect
      .poll(() =>
        database.db
          .selectFrom('chat_stream_chunks')
          .select('request_id')
          .where('request_id', 'in', [running, abandoned])
          .where('first_id', '>', 0)
          .execute()
          .then((rows) => rows.length),
      )
      .toBe(2);
    await openedAgo(old, 11 * minute);
    await openedAgo(abandoned, 3 * 60 * minute);
    await openedAgo(running, 90 * minute);

    expect(await store.prune()).toBeGreaterThan(0);

    const follows = async (id: string) => (await store.follow(id, 'ann@example.com', 0, never)) !== null;
    expect(await follows(recent)).toBe(true);
    expect(await follows(running)).toBe(true);
    expect(await follows(old)).toBe(false);
    expect(await follows(abandoned)).toBe(false);
    const left = await database.db
      .selectFrom('chat_stream_chunks')
      .select('request_id')
      .where('request_id', 'in', [old, abandoned])
      .execute();
    expect(left).toEqual([]);
    await store.close();
  });

  it('prunes by itself, every pruneEveryMs', async () => {
    const store = pgChatStreamStore(database.db, database.url, { pruneEveryMs: 50, retentionMs: 0 });
    const id = uniqueId('self-pruned');
    const writer = await store.open(id, 'ann@example.com');
    await writer.end();
    await expect.poll(async () => store.follow(id, 'ann@example.com', 0, never)).toBeNull();
    await store.close();
  });
});

describe.skipIf(!redisUrl)('chat streams in Redis: retention', () => {
  const backend = redisBackend(redisUrl ?? '');
  const admin = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  afterAll(async () => {
    await backend.close();
    admin.disconnect();
  });

  it('a running stream expires after two hours at most; an ended one after the retention', async () => {
    const store = backend.store({ retentionMs: 10 * minute });
    const id = uniqueId('ttl');
    const keys = chatStreamKeys(backend.keyPrefix!, id);
    const writer = await store.open(id, 'ann@example.com');
    writer.write({ s: 'answer', d: 'hello' });
    await expect.poll(() => backend.batches(id)).toBe(1);
    for (const key of [keys.owner, keys.chunks]) {
      const ttl = await admin.pttl(key);
      expect(ttl).toBeGreaterThan(10 * minute);
      expect(ttl).toBeLessThanOrEqual(120 * minute);
    }
    await writer.end();
    for (const key of [keys.owner, keys.chunks]) {
      const ttl = await admin.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(10 * minute);
    }
  });

  it('an ended stream is gone once its retention has passed', async () => {
    const store = redisChatStreamStore(redisUrl!, { keyPrefix: backend.keyPrefix!, retentionMs: 100 });
    const id = uniqueId('expired');
    const writer = await store.open(id, 'ann@example.com');
    writer.write({ s: 'answer', d: 'hello' });
    await writer.end();
    await expect.poll(async () => store.follow(id, 'ann@example.com', 0, never)).toBeNull();
    await store.close();
  });
});
