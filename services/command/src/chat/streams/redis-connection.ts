import { Redis } from 'ioredis';
import { backoffDelay, defaultListenBackoff } from '@app/platform';

/**
 * Every Redis connection of the chat streams reconnects forever, 250 ms doubling to 10 s, jittered
 * (ioredis counts attempts from 1), like the platform's LISTEN connections.
 */
export const chatRedisRetryStrategy = (times: number): number =>
  backoffDelay(times - 1, defaultListenBackoff);

export const connectRedis = (url: string): Redis => new Redis(url, { retryStrategy: chatRedisRetryStrategy });

/** Closes `redis` politely, or at once when it is not connected. */
export const closeRedis = async (redis: Redis): Promise<void> => {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
};

/** The keys of one chat stream: both in one hash slot (`{requestId}`), so a pipeline may touch both. */
export const chatStreamKeys = (prefix: string, requestId: string) => ({
  chunks: `${prefix}chat-stream:{${requestId}}`,
  owner: `${prefix}chat-stream-owner:{${requestId}}`,
});
