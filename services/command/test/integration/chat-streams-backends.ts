import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { TestDatabase } from '@app/platform/testing';
import {
  pgChatStreamStore,
  pgStopBus,
  redisChatStreamStore,
  redisStopBus,
  type ChatStreamStoreOptions,
  type ChatStreamStore,
  type ListeningStopBus,
} from '../../src/chat/streams/index';
import { chatStreamKeys } from '../../src/chat/streams/redis-connection';

/** A chat stream store as the shared tests see it, on PostgreSQL or Redis. */
export interface TestStore extends ChatStreamStore {
  followers(): number;
}

export interface StreamsBackend {
  name: 'postgres' | 'redis';
  store(opts?: ChatStreamStoreOptions & { channel?: string }): TestStore;
  stopBus(): ListeningStopBus;
  /** Redis only: the prefix of every key this backend writes. */
  keyPrefix?: string;
  /** How many batches (rows, stream entries) the stream was saved in: one INSERT or XADD each. */
  batches(requestId: string): Promise<number>;
  /** Closes every store and bus made, and removes what the tests wrote. */
  close(): Promise<void>;
}

export const redisUrl = process.env['REDIS_URL'];

export const pgBackend = (database: TestDatabase): StreamsBackend => {
  const made: { close(): Promise<void> }[] = [];
  const track = <T extends { close(): Promise<void> }>(x: T): T => {
    made.push(x);
    return x;
  };
  return {
    name: 'postgres',
    store: (opts = {}) => track(pgChatStreamStore(database.db, database.url, { pruneEveryMs: 0, ...opts })),
    stopBus: () => track(pgStopBus(database.db, database.url, { pruneEveryMs: 0 })),
    batches: async (requestId) => {
      const row = await database.db
        .selectFrom('chat_stream_chunks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('request_id', '=', requestId)
        .where('first_id', '>', 0)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    close: async () => {
      await Promise.all(made.map((m) => m.close()));
    },
  };
};

export const redisBackend = (url: string): StreamsBackend => {
  const keyPrefix = `test-chat-${randomBytes(6).toString('hex')}:`;
  const admin = new Redis(url);
  const made: { close(): Promise<void> }[] = [];
  const track = <T extends { close(): Promise<void> }>(x: T): T => {
    made.push(x);
    return x;
  };
  return {
    name: 'redis',
    keyPrefix,
    store: (opts = {}) => track(redisChatStreamStore(url, { keyPrefix, ...opts })),
    stopBus: () => track(redisStopBus(url, { keyPrefix })),
    batches: (requestId) => admin.xlen(chatStreamKeys(keyPrefix, requestId).chunks),
    close: async () => {
      await Promise.all(made.map((m) => m.close()));
      let cursor = '0';
      do {
        const [next, keys] = await admin.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
        if (keys.length > 0) await admin.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await admin.quit();
    },
  };
};

/** A request id of its own for one test. */
export const uniqueId = (what: string) => `${what}-${randomBytes(5).toString('hex')}`;
