import type { FastifyPluginAsync } from 'fastify';
import websocket from '@fastify/websocket';
import { LiveClientMessage, routes, type LiveServerMessage, type ReadModelName } from '@app/contracts';
import type { LiveHub } from './hub';

const parse = (raw: string): LiveClientMessage | null => {
  try {
    const r = LiveClientMessage.safeParse(JSON.parse(raw));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
};

/**
 * /live: a dashboard subscribes to read models and is told of every committed change. Admins only
 * for now (every read model so far is admin configuration); refused before the upgrade.
 */
export const liveRoute =
  (hub: LiveHub): FastifyPluginAsync =>
  async (app) => {
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    app.get(routes.live, { websocket: true, preHandler: app.requireAdmin }, (socket) => {
      const readModels = new Set<ReadModelName>();
      const send = (m: LiveServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      };
      const remove = hub.add({ send, readModels });
      socket.on('message', (data: Buffer) => {
        const message = parse(data.toString());
        if (!message)
          return send({ type: 'error', message: 'Expected {"type":"subscribe","readModels":[...]}' });
        for (const rm of message.readModels) {
          if (message.type === 'subscribe') readModels.add(rm);
          else readModels.delete(rm);
        }
        send({ type: 'subscribed', readModels: [...readModels] });
      });
      const ping = setInterval(() => socket.ping(), 25_000);
      socket.on('close', () => {
        clearInterval(ping);
        remove();
      });
    });
  };
