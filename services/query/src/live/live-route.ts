import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { z } from 'zod';
import {
  errorResponses,
  identityMessages,
  LiveClientMessage,
  liveMessages,
  routes,
  type ChangedMessage,
  type LiveServerMessage,
  type ReadModelName,
} from '@app/contracts';
import { readModelAdminDirectory, type Db, type Logger } from '@app/platform';
import { sees, type LiveClient, type LiveHub } from './hub';
import { startSocketSweeper } from './socket-sweeper';
import { subscriptionOf } from './subscriptions';

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
 * /live: a screen subscribes to read models and is told of every committed change it may see. Any
 * signed-in user may open it: admin read models are for admins only (a user asking for one gets an
 * `error` and is not subscribed to it), a user read model's changes go to their user's sockets only.
 * A socket is closed within seconds once its session ends (4401), and with 4403 when its user stops
 * being an admin while it watches admin read models.
 */
export const liveRoute =
  (
    hub: LiveHub,
    opts: {
      db: Db;
      logger: Logger;
      /** What a reconnecting client missed since `after` (null: refetch instead); `viewer`'s own user changes. */
      missedSince: (
        after: string,
        readModels: readonly ReadModelName[],
        viewer: string,
      ) => Promise<ChangedMessage[] | null>;
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
    /** Whether the user was an admin at the upgrade (what the sweeper compares with later). */
    const adminAtUpgrade = new WeakMap<FastifyRequest, boolean>();
    const noteAdmin = async (request: FastifyRequest) => {
      adminAtUpgrade.set(request, await request.principalIsAdmin());
    };
    const schema = {
      description:
        'A websocket (signed-in users): send {"type":"subscribe","readModels":[...]} (or "unsubscribe"); ' +
        'every committed change to a subscribed read model comes as {"type":"changed",...}. Admin read ' +
        "models are for admins; a user read model's changes go to their user only. " +
        'Closed with 4401 when the session ends, 4403 when the user is no longer an admin and it watches admin read models.',
      response: {
        ...errorResponses,
        101: z.null().describe('Switching Protocols: the socket is open.'),
      },
    };
    const guards = [app.requireUser, underCap, noteAdmin];
    app.get(routes.live, { websocket: true, preHandler: guards, schema }, (socket, request) => {
      const readModels = new Set<ReadModelName>();
      const send = (m: LiveServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      };
      const client: LiveClient = {
        email: request.principal ?? '',
        sessionId: request.sessionId ?? '',
        admin: adminAtUpgrade.get(request) ?? false,
        send,
        close: (code, reason) => socket.close(code, reason),
        readModels,
      };
      const remove = hub.add(client);
      const resume = async (after: string, subscribed: readonly ReadModelName[]) => {
        const missed = await opts.missedSince(after, subscribed, client.email).catch((e: unknown) => {
          opts.logger.warn({ err: e }, 'cannot replay the changes feed; the client refetches');
          return null;
        });
        send({ type: 'subscribed', readModels: [...readModels], resumed: missed !== null });
        missed?.filter((m) => sees(client, m)).forEach(send);
      };
      const handle = async (raw: string) => {
        const message = parse(raw);
        if (!message) return send({ type: 'error', message: liveMessages.expectedSubscribe });
        if (message.type === 'unsubscribe') {
          for (const rm of message.readModels) readModels.delete(rm);
          return send({ type: 'subscribed', readModels: [...readModels] });
        }
        const { granted, refused } = await subscriptionOf(message.readModels, client, (email) =>
          admins.isAdmin(email),
        );
        if (refused.length > 0) send({ type: 'error', message: liveMessages.adminsOnly(refused) });
        if (granted.length === 0) return;
        for (const rm of granted) readModels.add(rm);
        if (message.after !== undefined) await resume(message.after, granted);
        else send({ type: 'subscribed', readModels: [...readModels] });
      };
      // One message at a time, in the order they came (a subscribe may read who is an admin).
      let handling = Promise.resolve();
      socket.on('message', (data: Buffer) => {
        const raw = data.toString();
        handling = handling
          .then(() => handle(raw))
          .catch((e: unknown) => opts.logger.warn({ err: e }, 'a /live message could not be handled'));
      });
      const ping = setInterval(() => socket.ping(), 25_000);
      socket.on('close', () => {
        clearInterval(ping);
        remove();
      });
    });
  };
