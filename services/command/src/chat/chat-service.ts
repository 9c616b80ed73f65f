import type { FastifyPluginAsync } from 'fastify';
import { createStateCache } from '../shared/state-cache';
import { chatRoutePlugin, type ChatRouteDeps, type ChatServiceOptions } from './chat-route';

export type { ChatServiceOptions };
import { createEndpointPool, createOpenedEndpoints } from '../models/index';
import { createRunningChats } from './running-chats';
import { defaultKeepAliveMs } from './sse';
import { toolApprovalRoutePlugin } from '../mcp/index';

/** More routes over the same relay (the OpenAI-compatible API): given the relay's deps, a plugin. */
export type RelayRoutes = (deps: ChatRouteDeps) => FastifyPluginAsync;

/**
 * The chat relay: POST /api/chat (a request streamed back, or a kill switch), and `more` routes
 * through the same relay (its endpoint pool, running generations and state cache). Needs the identity
 * plugin. When the server closes, every generation it serves is stopped and records its end.
 */
export const chatService =
  (opts: ChatServiceOptions, more: readonly RelayRoutes[] = []): FastifyPluginAsync =>
  async (app) => {
    const running = createRunningChats();
    app.addHook('preClose', async () => {
      await running.stopAll(opts.shutdownWaitMs ?? 5_000);
    });
    const deps: ChatRouteDeps = {
      ...opts,
      keepAliveMs: opts.keepAliveMs ?? defaultKeepAliveMs,
      pool: createEndpointPool(),
      // A minute at most: a key replaced or removed is a new sealed value (or none) at once.
      opened: createOpenedEndpoints({ max: 256, ttlMs: 60_000 }),
      running,
      cache: createStateCache(),
    };
    await app.register(chatRoutePlugin(deps));
    // The answers to MCP calls that ask first wake the instance where the call waits, as stops do.
    await app.register(toolApprovalRoutePlugin({ db: opts.db, wakes: opts.stopBus }));
    for (const routes of more) await app.register(routes(deps));
  };
