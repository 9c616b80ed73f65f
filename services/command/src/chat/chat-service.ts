import type { FastifyPluginAsync } from 'fastify';
import { createStateCache } from '../shared/state-cache';
import { chatRoutePlugin, type ChatServiceOptions } from './chat-route';

export type { ChatServiceOptions };
import { createEndpointPool } from '../models/index';
import { createRunningChats } from './running-chats';
import { defaultKeepAliveMs } from './sse';

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
        ...opts,
        keepAliveMs: opts.keepAliveMs ?? defaultKeepAliveMs,
        pool: createEndpointPool(),
        running,
        cache: createStateCache(),
      }),
    );
  };
