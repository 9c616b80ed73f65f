import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EmbeddingsCall {
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface EmbeddingsOnlyServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  calls: EmbeddingsCall[];
  close(): Promise<void>;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * An OpenAI-compatible embeddings server as Ollama or vLLM serve one, on 127.0.0.1: POST
 * /v1/embeddings (exactly) answers an embeddings list, every other path 404. With `key` a call
 * without `Authorization: Bearer <key>` gets a 401; without, no key is asked for.
 */
export const startEmbeddingsOnlyServer = async (key?: string): Promise<EmbeddingsOnlyServer> => {
  const calls: EmbeddingsCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://test');
      const body = parse(Buffer.concat(chunks).toString('utf8'));
      calls.push({ path: `${url.pathname}${url.search}`, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' || url.pathname !== '/v1/embeddings')
        return send(404, { error: { message: 'Not found' } });
      if (key !== undefined && req.headers.authorization !== `Bearer ${key}`)
        return send(401, { error: { message: 'Unauthorized' } });
      const inputs = (body as { input?: unknown }).input;
      const count = Array.isArray(inputs) ? inputs.length : 1;
      send(200, {
        object: 'list',
        model: (body as { model?: unknown }).model ?? 'unknown',
        data: Array.from({ length: count }, (_, index) => ({
          object: 'embedding',
          index,
          embedding: [0.1, 0.2, 0.3],
        })),
        usage: { prompt_tokens: count, total_tokens: count },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
