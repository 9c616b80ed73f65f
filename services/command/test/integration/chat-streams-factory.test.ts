import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { chatStreamsFor, type ChatStreams, type StreamedChunk } from '../../src/chat/streams/index';
import { chatStreamKeys } from '../../src/chat/streams/redis-connection';
import { chatStopNames } from '../../src/chat/streams/redis-stop-bus';
import { redisUrl, uniqueId } from './chat-streams-backends';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** A stream written and read back, and a stop published and heard, through `streams`. */
const roundTrip = async (streams: ChatStreams, id: string) => {
  const writer = await streams.store.open(id, 'ann@example.com');
  writer.write({ s: 'answer', d: 'hello' });
  await writer.end();
  const got: StreamedChunk[] = [];
  for await (const c of (await streams.store.follow(id, 'ann@example.com', 0, new AbortController().signal))!)
    got.push(c);
  expect(got).toEqual([{ id: 1, chunk: { s: 'answer', d: 'hello' } }]);
  const onStop = vi.fn();
  streams.stopBus.subscribe(id, onStop);
  await streams.stopBus.publish(id);
  await expect.poll(() => onStop.mock.calls.length).toBe(1);
};

describe('chatStreamsFor', () => {
  it('runs on PostgreSQL without a Redis URL', async () => {
    const streams = chatStreamsFor({ db: database.db, databaseUrl: database.url });
    expect(streams.kind).toBe('postgres');
    await roundTrip(streams, uniqueId('factory-pg'));
    await streams.close();
  });

  it.skipIf(!redisUrl)('runs on Redis with one', async () => {
    const streams = chatStreamsFor({ db: database.db, databaseUrl: database.url, redisUrl });
    expect(streams.kind).toBe('redis');
    const id = uniqueId('factory-redis');
    try {
      await roundTrip(streams, id);
    } finally {
      await streams.close();
      const admin = new Redis(redisUrl!);
      const keys = chatStreamKeys('', id);
      await admin.del(keys.chunks, keys.owner, chatStopNames('').key(id));
      await admin.quit();
    }
  });
});
