import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface CountingServer {
  /** http://<host>:<port> (IPv6 bracketed). */
  origin: string;
  port: number;
  /** Every request that arrived, in order. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

export type Handler = (req: SeenRequest, res: ServerResponse) => void;

const ok: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('ok');
};

/** A plain HTTP server on one loopback address that records every request reaching it. */
export const startCountingServer = async (host: string, handler: Handler = ok): Promise<CountingServer> => {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A port on 127.0.0.1 nothing listens on (taken, then released). */
export const deadPort = async (): Promise<number> => {
  const s = await startCountingServer('127.0.0.1');
  await s.close();
  return s.port;
};
