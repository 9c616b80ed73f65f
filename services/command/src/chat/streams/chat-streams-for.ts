import type { Db, Logger } from '@app/platform';
import { pgChatStreamStore } from './pg-chat-stream-store';
import { pgStopBus } from './pg-stop-bus';
import type { ChatStreamStore, StopBus } from './ports';
import { redisChatStreamStore } from './redis-chat-stream-store';
import { redisStopBus } from './redis-stop-bus';
import { streamReplayRetention } from './stream-replay-retention';

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
  // Ended streams stay for the Retention section's replay hours (ten minutes unless set).
  const replay = streamReplayRetention(settings.db, { logger: settings.logger });
  const storeOptions = { ...logger, retentionMs: () => replay.retentionMs() };
  const store = redisUrl
    ? redisChatStreamStore(redisUrl, storeOptions)
    : pgChatStreamStore(settings.db, settings.databaseUrl, storeOptions);
  const stopBus = redisUrl
    ? redisStopBus(redisUrl, logger)
    : pgStopBus(settings.db, settings.databaseUrl, logger);
  return {
    kind,
    store,
    stopBus,
    close: async () => {
      replay.close();
      await Promise.all([store.close(), stopBus.close()]);
    },
  };
};
