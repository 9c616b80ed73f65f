import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import websocket from '@fastify/websocket';
import { z } from 'zod';
import {
  errorResponses,
  identityMessages,
  LiveClientMessage,
  routes,
  type ChangedMessage,
  type LiveServerMessage,
  type ReadModelName,
} from '@app/contracts';
import { readModelAdminDirectory, type Db, type Logger } from '@app/platform';
import type { LiveHub } from './hub';
import { startSocketSweeper } from './socket-sweeper';

const parse = (raw: string): LiveClientMessage | null => {
  try {
    const r = LiveClientMessage.safeParse(JSON.parse(raw));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
};

/** Sockets one user may hold open on one instance (a tab each, with room to spare). */
export const maxSocketsPerUser = 20;

/**
 * /live: a dashboard subscribes to read models and is told of every committed change. Admins only
 * for now (every read model so far is admin configuration); refused before the upgrade, and closed
 * within seconds once its session ends or its user stops being an admin.
 */
export const liveRoute =
  (
    hub: LiveHub,
    opts: {
      db: Db;
      logger: Logger;
      /** What a reconnecting client missed since `after` (null: refetch instead). */
      missedSince: (after: string, readModels: readonly ReadModelName[]) => Promise<ChangedMessage[] | null>;
      maxPerUser?: number;
      sweepEveryMs?: number;
    },
  ): FastifyPluginAsync =>
  async (app) => {
    const maxPerUser = opts.maxPerUser ?? maxSocketsPerUser;
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    // @fastify/websocket hides its routes from the OpenAPI document; /live is part of the API.
    app.addHook('onRoute', (route) => {
      if (route.websocket && route.schema) route.schema.hide = false;
    });
    const admins = readModelAdminDirectory(opts.db);
    const stopSweeper = startSocketSweeper({
      hub,
      stillActive: (ids) => app.sessions.stillActive(ids),
      adminsAmong: (emails) => admins.adminsAmong(emails),
      logger: opts.logger,
      ...(opts.sweepEveryMs ? { everyMs: opts.sweepEveryMs } : {}),
    });
    app.addHook('onClose', async () => stopSweeper());
    const underCap = async (request: { principal: string | null }, reply: FastifyReply) => {
      if (request.principal && hub.countFor(request.principal) >= maxPerUser)
        await reply.code(429).send({ success: false, message: identityMessages.tooManySockets(maxPerUser) });
    };
    const schema = {
      description:
        'A websocket (admins): send {"type":"subscribe","readModels":[...]} (or "unsubscribe"); ' +
        'every committed change to a subscribed read model comes as {"type":"changed",...}. ' +
        'Closed with 4401 when the session ends, 4403 when the user is no longer an admin.',
      response: {
        ...errorResponses,
        101: z.null().describe('Switching Protocols: the socket is open.'),
      },
    };
    const guards = [app.requireAdmin, underCap];
    app.get(routes.live, { websocket: true, preHandler: guards, schema }, (socket, request) => {
      const readModels = new Set<ReadModelName>();
      const send = (m: LiveServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      };
      const remove = hub.add({
        email: request.principal ?? '',
        sessionId: request.sessionId ?? '',
        send,
        close: (code, reason) => socket.close(code, reason),
        readModels,
      });
      const resume = async (after: string, subscribed: readonly ReadModelName[]) => {
        const missed = await opts.missedSince(after, subscribed).catch((e: unknown) => {
          opts.logger.warn({ err: e }, 'cannot replay the changes feed; the client refetches');
          return null;
        });
        send({ type: 'subscribed', readModels: [...readModels], resumed: missed !== null });
        missed?.forEach(send);
      };
      socket.on('message', (data: Buffer) => {
        const message = parse(data.toString());
        if (!message)
          return send({ type: 'error', message: 'Expected {"type":"subscribe","readModels":[...]}' });
        for (const rm of message.readModels) {
          if (message.type === 'subscribe') readModels.add(rm);
          else readModels.delete(rm);
        }
        if (message.type === 'subscribe' && message.after !== undefined)
          void resume(message.after, message.readModels);
        else send({ type: 'subscribed', readModels: [...readModels] });
      });
      const ping = setInterval(() => socket.ping(), 25_000);
      socket.on('close', () => {
        clearInterval(ping);
        remove();
      });
    });
  };
