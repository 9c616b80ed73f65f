import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request an op server saw. */
export interface SeenOpRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

export interface OpServer {
  origin: string;
  requests: SeenOpRequest[];
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

/**
 * A local server standing for an op's API, on a loopback address only: `/weather` answers JSON
 * naming what it was sent, `/text` plain text, `/big` more than an op may read, `/fail` a 500, `/slow` JSON after 3 s.
 */
export const startOpServer = async (host = '127.0.0.1'): Promise<OpServer> => {
  const requests: SeenOpRequest[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        body,
      });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/slow') {
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"late":true}');
        }, 3_000);
      } else if (path === '/text') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('plain words');
      } else if (path === '/big') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('x'.repeat(300 * 1024));
      } else if (path === '/fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":"down"}');
      } else {
        const sent: unknown = body === '' ? null : JSON.parse(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ forecast: 'sunny', method: req.method, sent }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
