import { createServer } from 'node:net';

/** A TCP port free on the loopback address now (for a server of our own: embedded PostgreSQL, a test's Redis). */
export const freeLoopbackPort = (): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
