import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface OpenAiTestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  calls: SeenCall[];
  close(): Promise<void>;
}

const keyOf = (headers: IncomingMessage['headers']): string | undefined => {
  const apiKey = headers['api-key'];
  if (typeof apiKey === 'string') return apiKey;
  const auth = headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined;
};

/**
 * A tiny OpenAI-compatible server on a loopback address: POST .../chat/completions answers a chat
 * completion, POST .../embeddings an embeddings list, when the key is `key`. A wrong key gets a 401
 * whose body echoes the key it was given (so a test can prove remote bodies never travel on).
 * GET /redirect?to=<url> answers a 307 to that url.
 */
export const startOpenAiTestServer = async (key: string, host = '127.0.0.1'): Promise<OpenAiTestServer> => {
  const calls: SeenCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      const url = new URL(req.url ?? '/', 'http://test');
      calls.push({
        method: req.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        headers: req.headers,
        body,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const to = url.searchParams.get('to');
      if (url.pathname.endsWith('/redirect') && to) {
        res.writeHead(307, { location: to });
        res.end();
        return;
      }
      const given = keyOf(req.headers);
      if (given !== key)
        return send(401, { error: { message: `Incorrect API key provided: ${given ?? 'none'}` } });
      if (url.pathname.endsWith('/chat/completions')) {
        return send(200, {
          id: 'chatcmpl-test',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Hi!' }, finish_reason: 'stop' }],
        });
      }
      if (url.pathname.endsWith('/embeddings')) {
        return send(200, {
          object: 'list',
          data: [{ object: 'embedding', index: 0, embedding: [0.1, 0.2] }],
        });
      }
      send(404, { error: { message: 'Not found' } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    port,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
