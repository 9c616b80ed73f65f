import { ChatId } from '@app/contracts';
import { briefError } from '@app/platform';
import { defaultStopRetentionMs, type ListeningStopBus, type StopBusOptions } from './pg-stop-bus';
import { closeRedis, connectRedis } from './redis-connection';
import { stopSubscriptions } from './stop-subscriptions';

export interface RedisStopBusOptions extends Omit<StopBusOptions, 'pruneEveryMs'> {
  /** Put before the channel and the keys (tests use one per run). */
  keyPrefix?: string;
}

/** The stop's channel and the key that remembers one stop (with a TTL). */
export const chatStopNames = (prefix: string) => ({
  channel: `${prefix}chat_stop`,
  key: (requestId: string) => `${prefix}chat-stop:{${requestId}}`,
});

/**
 * Stops through Redis: `publish` sets a key for the stop (expiring after `stopRetentionMs`), then
 * PUBLISHes the request id; every instance SUBSCRIBEs on one connection (ioredis reconnects forever
 * and subscribes again) and calls its own subscribers. A subscriber looks once for the key when it
 * subscribes, and every subscriber looks again when the connection comes back.
 */
export const redisStopBus = (redisUrl: string, opts: RedisStopBusOptions = {}): ListeningStopBus => {
  const names = chatStopNames(opts.keyPrefix ?? '');
  const retentionMs = opts.stopRetentionMs ?? defaultStopRetentionMs;
  const subs = stopSubscriptions();
  const warn = (what: string) => (e: unknown) => opts.logger?.warn({ err: briefError(e) }, what);
  const redis = connectRedis(redisUrl);
  const subscriber = connectRedis(redisUrl);
  redis.on('error', () => undefined);
  subscriber.on('error', warn('chat stops: Redis connection lost, reconnecting'));

  const checkRecorded = async (ids: string[]): Promise<void> => {
    if (ids.length === 0) return;
    const found = await redis.mget(ids.map(names.key));
    ids.forEach((id, i) => {
      if (found[i] !== null) subs.fire(id);
    });
  };

  let readyBefore = false;
  subscriber.on('ready', () => {
    if (readyBefore) void checkRecorded(subs.ids()).catch(warn('chat stops: check failed'));
    readyBefore = true;
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === names.channel) subs.fire(message);
  });
  const subscribed = subscriber.subscribe(names.channel).catch(warn('chat stops: SUBSCRIBE failed'));

  return {
    publish: async (requestId) => {
      ChatId.parse(requestId);
      await redis.set(names.key(requestId), '1', 'PX', retentionMs);
      subs.fire(requestId);
      await redis.publish(names.channel, requestId);
    },
    subscribe: (requestId, onStop, options) => {
      const unsubscribe = subs.add(requestId, onStop);
      if (options?.lookBack !== false)
        void checkRecorded([requestId]).catch(warn('chat stops: check failed'));
      return unsubscribe;
    },
    ready: async () => {
      await subscribed;
    },
    close: async () => {
      await subscribed;
      await Promise.all([closeRedis(subscriber), closeRedis(redis)]);
    },
  };
};
