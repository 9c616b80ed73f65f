export type { ChatStreamStore, ChatStreamWriter, StopBus, StreamedChunk } from './ports';
export { chatStreamsFor, type ChatStreams, type ChatStreamsSettings } from './chat-streams-for';
export { chatStreamRoutes, type ChatStreamRoutesOptions } from './chat-stream-route';
export {
  pgChatStreamStore,
  chatStreamsChannel,
  type PgChatStreamStore,
  type PgChatStreamStoreOptions,
} from './pg-chat-stream-store';
export {
  redisChatStreamStore,
  type RedisChatStreamStore,
  type RedisChatStreamStoreOptions,
} from './redis-chat-stream-store';
export {
  pgStopBus,
  chatStopChannel,
  type ListeningStopBus,
  type PgStopBusOptions,
  type StopBusOptions,
} from './pg-stop-bus';
export { redisStopBus, type RedisStopBusOptions } from './redis-stop-bus';
export { sseEvent, sseKeepAlive, sseHeaders, lastEventIdOf, defaultKeepAliveMs } from './sse';
export type { ChatStreamStoreOptions } from './store-options';
