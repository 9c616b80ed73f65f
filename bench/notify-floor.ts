import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import pg from 'pg';
import WebSocket from 'ws';

/**
 * The floor of a live push on this machine: a bare `NOTIFY` from one connection, heard by a LISTEN
 * connection of a Fastify server that sends the payload to a websocket client. Measured from the
 * NOTIFY's answer to the client's message, as ours is measured from the save's HTTP answer.
 */
export const measureNotifyFloor = async (url: string, rounds: number, warmUp: number): Promise<number[]> => {
  const app = Fastify({ logger: false });
  await app.register(websocket);
  const sockets = new Set<WebSocket>();
  app.get('/floor', { websocket: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const listener = new pg.Client({ connectionString: url });
  const notifier = new pg.Client({ connectionString: url });
  await Promise.all([listener.connect(), notifier.connect()]);
  listener.on('notification', (n) => {
    for (const s of sockets) s.send(n.payload ?? '');
  });
  await listener.query('LISTEN bench_floor');
  const client = new WebSocket(`${address.replace(/^http/, 'ws')}/floor`);
  const waiters = new Map<string, (t: number) => void>();
  client.on('message', (raw: WebSocket.RawData) => {
    const t = performance.now();
    const text = Buffer.isBuffer(raw)
      ? raw.toString()
      : Buffer.concat(Array.isArray(raw) ? raw : [Buffer.from(raw)]).toString();
    waiters.get(text)?.(t);
  });
  await new Promise<void>((resolve, reject) => {
    client.once('open', () => resolve());
    client.once('error', reject);
  });
  const intervals: number[] = [];
  try {
    for (let i = 0; i < warmUp + rounds; i++) {
      const key = String(i);
      const arrived = new Promise<number>((resolve) => waiters.set(key, resolve));
      await notifier.query('select pg_notify($1, $2)', ['bench_floor', key]);
      const answered = performance.now();
      const at = await arrived;
      waiters.delete(key);
      if (i >= warmUp) intervals.push(at - answered);
    }
    return intervals;
  } finally {
    client.close();
    await Promise.all([listener.end(), notifier.end()]);
    await app.close();
  }
};
