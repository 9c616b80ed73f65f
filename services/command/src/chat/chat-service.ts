import type { FastifyPluginAsync } from 'fastify';
import type { Db, OutboundClient, SecretBox } from '@app/platform';
import { createStateCache } from '../shared/state-cache';
import type { SpendGuard } from '../spend/index';
import { chatRoutePlugin } from './chat-route';
import { createEndpointPool } from '../models/index';
import { createRunningChats } from './running-chats';
import { defaultKeepAliveMs } from './sse';
import type { ChatStreamStore, StopBus } from './streams/ports';
import type { ChatRetriever } from './retrieval';

export interface ChatServiceOptions {
  db: Db;
  /** Opens the endpoints' sealed keys (and urls with credentials). */
  secrets: SecretBox;
  /** Every provider call goes through it (its streaming `fetch`). */
  outbound: OutboundClient;
  /** Keeps every chunk sent, so a reload can resume the stream. */
  streams: ChatStreamStore;
  /** Kill switches, heard by every instance. */
  stopBus: StopBus;
  /** Reserves the worst case before the provider call, settles the actual cost after. */
  spend: SpendGuard;
  /** A `: keep-alive` comment after this long without a chunk (default 10 s). */
  keepAliveMs?: number;
  /** At shutdown, how long the running generations get to record their end (default 5 s). */
  shutdownWaitMs?: number;
  /** Passages of the caller's documents for requests with `dataSources` (without: documents are ignored). */
  retrieval?: ChatRetriever;
  /** The guarded client of users' addresses: an assistant's ops are called through it (none: no tools). */
  userUrls?: OutboundClient;
}

/**
 * The chat relay: POST /api/chat (a request streamed back, or a kill switch). Needs the identity
 * plugin. When the server closes, every generation it serves is stopped and records its end.
 */
export const chatService =
  (opts: ChatServiceOptions): FastifyPluginAsync =>
  async (app) => {
    const running = createRunningChats();
    app.addHook('preClose', async () => {
      await running.stopAll(opts.shutdownWaitMs ?? 5_000);
    });
    await app.register(
      chatRoutePlugin({
        db: opts.db,
        secrets: opts.secrets,
        outbound: opts.outbound,
        streams: opts.streams,
        stopBus: opts.stopBus,
        spend: opts.spend,
        keepAliveMs: opts.keepAliveMs ?? defaultKeepAliveMs,
        pool: createEndpointPool(),
        running,
        cache: createStateCache(),
        ...(opts.retrieval ? { retrieval: opts.retrieval } : {}),
        ...(opts.userUrls ? { userUrls: opts.userUrls } : {}),
      }),
    );
  };
