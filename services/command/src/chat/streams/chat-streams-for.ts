import type { Db, Logger } from '@app/platform';
import { pgChatStreamStore } from './pg-chat-stream-store';
import { pgStopBus } from './pg-stop-bus';
import type { ChatStreamStore, StopBus } from './ports';
import { redisChatStreamStore } from './redis-chat-stream-store';
import { redisStopBus } from './redis-stop-bus';

export interface ChatStreamsSettings {
  db: Db;
  databaseUrl: string;
  /** REDIS_URL: the streams and the stops go through Redis when set, else through PostgreSQL. */
  redisUrl?: string | undefined;
  logger?: Pick<Logger, 'warn'>;
}

export interface ChatStreams {
  kind: 'redis' | 'postgres';
  store: ChatStreamStore;
  stopBus: StopBus;
  /** Closes the store and the bus (their LISTEN or Redis connections, their timers). */
  close(): Promise<void>;
}

/** The chat's stream store and stop bus: on Redis when `redisUrl` is given, else on PostgreSQL. */
export const chatStreamsFor = (settings: ChatStreamsSettings): ChatStreams => {
  const logger = settings.logger ? { logger: settings.logger } : {};
  const redisUrl = settings.redisUrl;
  const kind = redisUrl ? 'redis' : 'postgres';
  const store = redisUrl
    ? redisChatStreamStore(redisUrl, logger)
    : pgChatStreamStore(settings.db, settings.databaseUrl, logger);
  const stopBus = redisUrl
    ? redisStopBus(redisUrl, logger)
    : pgStopBus(settings.db, settings.databaseUrl, logger);
  return {
    kind,
    store,
    stopBus,
    close: async () => {
      await Promise.all([store.close(), stopBus.close()]);
    },
  };
};
