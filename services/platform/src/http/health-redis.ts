import net from 'node:net';
import tls from 'node:tls';
import type { HealthCheck } from './health';

const command = (...args: string[]): string =>
  `*${args.length}\r\n` + args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('');

/**
 * One PING to the Redis server at `url` (redis:// or rediss://, with AUTH when the url names a
 * password) on a connection of its own, closed after. For the processes that must know whether the
 * job queue is reachable without running BullMQ themselves (the command service). Rejects when
 * Redis refuses, does not answer within `timeoutMs`, or cannot be reached.
 */
export const pingRedis = (url: string, timeoutMs: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const u = new URL(url);
    const host = u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    const port = Number(u.port || 6379);
    const socket =
      u.protocol === 'rediss:'
        ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
        : net.connect({ host, port });
    const password = decodeURIComponent(u.password);
    const user = decodeURIComponent(u.username);
    const expected = password ? 2 : 1;
    let buffer = '';
    let replies = 0;
    const finish = (e?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (e) reject(e);
      else resolve();
    };
    const timer = setTimeout(
      () => finish(new Error(`Redis did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.setEncoding('utf8');
    socket.on('error', (e: Error) => finish(e));
    socket.on('close', () => finish(new Error('Redis closed the connection')));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        // Only the first word of an error (NOAUTH, WRONGPASS, LOADING...): never what follows.
        if (line.startsWith('-'))
          return finish(new Error(`Redis refused: ${line.slice(1).split(' ')[0] ?? ''}`));
        replies += 1;
        if (replies >= expected) return finish();
      }
    });
    socket.once(u.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => {
      socket.write((password ? command('AUTH', ...(user ? [user] : []), password) : '') + command('PING'));
    });
  });

/** The job queue's Redis, as seen from a process without BullMQ: ok when it answers a PING. */
export const redisHealthCheck = (url: string, name = 'job queue (redis)'): HealthCheck => ({
  name,
  check: async () => {
    await pingRedis(url, 1500);
    return { status: 'ok' };
  },
});
