import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddingInputsOf, embeddingsAnswer } from './hashed-embedding';
import {
  chunkOf,
  completionOf,
  includesUsage,
  offersTools,
  readBody,
  toolResultOf,
  usageChunkOf,
} from './model-answers';

/**
 * A local OpenAI-compatible model server for tests, browser tests and the bench: `POST
 * .../chat/completions` answers with server-sent chunks (`stream: true`, the usage in the last chunk
 * when `stream_options.include_usage`) or one JSON answer; `POST .../embeddings` answers deterministic
 * vectors (`hashedEmbedding`: texts sharing words are close). Like a server that does, it ignores
 * `max_tokens`: every token of `tokens` is streamed. `GET .../models` lists `models`. It binds a loopback address only and records
 * every request it saw, and whether the caller closed the connection before the end.
 */
export interface ModelServerBehaviour {
  /** The answer's tokens (words with their spaces): default 'Hello from the test model.' split in words. */
  tokens?: readonly string[];
  /** Wait before the first token (or before an embeddings answer), ms. Default 0. */
  firstTokenDelayMs?: number;
  /** Wait between tokens, ms. Default 0. */
  tokenDelayMs?: number;
  /** Answer this status (with an error body) instead of streaming. */
  failWith?: number;
  /** Close the connection after this many tokens, without a final chunk. */
  breakAfterTokens?: number;
  /** Prompt tokens the usage reports, or how to count them from the request's body. Default 10. */
  promptTokens?: number | ((body: Record<string, unknown>) => number);
  /** Cached prompt tokens the usage reports. Default 0. */
  cachedTokens?: number;
  /**
   * When a request (streamed or not) offers `tools` and holds no tool result yet: answer a call of this tool
   * with these arguments (finish reason tool_calls) instead of tokens. Once the request carries the
   * tool's result, the tokens are answered (after `echoToolResult`'s words when set).
   */
  toolCall?: { name: string; arguments: Record<string, unknown> };
  /** Ask for the tool again even after its result (whenever tools are offered). Default false. */
  repeatToolCall?: boolean;
  /** Tokens after a tool result begin with 'Tool result: <the result>. ' Default false. */
  echoToolResult?: boolean;
  /** The model ids `GET .../models` lists (OpenAI's shape). Default ['test-model']. */
  models?: readonly string[];
}

export interface SeenModelRequest {
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** True once the caller closed the connection before the answer ended. */
  closedEarly: boolean;
  /** Tokens written before the end (or the close). */
  tokensSent: number;
  ended: boolean;
}

export interface ModelServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The chat completions url, as an admin would enter it in the OpenAi Endpoints tab. */
  chatUrl: string;
  /** The embeddings url (POST, OpenAI shape). */
  embeddingsUrl: string;
  requests: SeenModelRequest[];
  /** The inputs of each embeddings call answered (not failed), in order. */
  embeddingCalls: string[][];
  /** Changes how the next requests are answered. */
  behave(b: ModelServerBehaviour): void;
  close(): Promise<void>;
}

const defaultTokens = ['Hello', ' from', ' the', ' test', ' model.'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const startModelServer = async (
  initial: ModelServerBehaviour = {},
  host = '127.0.0.1',
): Promise<ModelServer> => {
  let behaviour = initial;
  const requests: SeenModelRequest[] = [];
  const embeddingCalls: string[][] = [];
  const open = new Set<ServerResponse>();

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const b = behaviour;
    const body = await readBody(req);
    const seen: SeenModelRequest = {
      url: req.url ?? '',
      headers: req.headers,
      body,
      closedEarly: false,
      tokensSent: 0,
      ended: false,
    };
    requests.push(seen);
    res.on('close', () => {
      if (!seen.ended) seen.closedEarly = true;
    });
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'GET' && path.endsWith('/models')) {
      const data = (b.models ?? ['test-model']).map((id) => ({ id, object: 'model', owned_by: 'test' }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data }));
      seen.ended = true;
      return;
    }
    const embeddings = path.endsWith('/embeddings');
    if (req.method !== 'POST' || !(embeddings || path.endsWith('/chat/completions'))) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found' } }));
      seen.ended = true;
      return;
    }
    if (b.failWith) {
      res.writeHead(b.failWith, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: `test server answers ${b.failWith}`, type: 'server_error' } }),
      );
      seen.ended = true;
      return;
    }
    const model = typeof body['model'] === 'string' ? body['model'] : 'test-model';
    if (embeddings) {
      const inputs = embeddingInputsOf(body);
      if (b.firstTokenDelayMs) await sleep(b.firstTokenDelayMs);
      res.writeHead(inputs ? 200 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(inputs ? embeddingsAnswer(inputs, model) : { error: { message: 'bad input' } }));
      if (inputs) embeddingCalls.push(inputs);
      seen.ended = true;
      return;
    }
    const toolResult = toolResultOf(body);
    const callTool =
      b.toolCall !== undefined &&
      offersTools(body) &&
      (toolResult === undefined || b.repeatToolCall === true);
    const tokens = [
      ...(b.echoToolResult && toolResult !== undefined ? [`Tool result: ${toolResult}. `] : []),
      ...(b.tokens ?? defaultTokens),
    ];
    const promptTokens = typeof b.promptTokens === 'function' ? b.promptTokens(body) : (b.promptTokens ?? 10);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: tokens.length,
      total_tokens: promptTokens + tokens.length,
      prompt_tokens_details: { cached_tokens: b.cachedTokens ?? 0 },
    };
    const id = `chatcmpl-${requests.length}`;
    const toolCallOf = () =>
      b.toolCall
        ? {
            id: `call_${requests.length}`,
            type: 'function',
            function: { name: b.toolCall.name, arguments: JSON.stringify(b.toolCall.arguments) },
          }
        : undefined;
    if (body['stream'] !== true) {
      if (b.firstTokenDelayMs) await sleep(b.firstTokenDelayMs);
      res.writeHead(200, { 'content-type': 'application/json' });
      const call = callTool ? toolCallOf() : undefined;
      if (call) {
        const message = { role: 'assistant', content: null, tool_calls: [call] };
        res.end(JSON.stringify(completionOf(id, model, message, 'tool_calls', usage)));
        seen.ended = true;
        return;
      }
      const message = { role: 'assistant', content: tokens.join('') };
      res.end(JSON.stringify(completionOf(id, model, message, 'stop', usage)));
      seen.tokensSent = tokens.length;
      seen.ended = true;
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    send(chunkOf(id, model, { role: 'assistant', content: '' }, null));
    if (b.firstTokenDelayMs) await sleep(b.firstTokenDelayMs);
    const call = callTool ? toolCallOf() : undefined;
    if (call) {
      send(chunkOf(id, model, { tool_calls: [{ index: 0, ...call }] }, null));
      send(chunkOf(id, model, {}, 'tool_calls'));
      send(usageChunkOf(id, model, usage));
      res.write('data: [DONE]\n\n');
      seen.ended = true;
      res.end();
      return;
    }
    for (const [i, token] of tokens.entries()) {
      if (res.destroyed) return;
      if (b.breakAfterTokens !== undefined && i >= b.breakAfterTokens) {
        res.destroy();
        return;
      }
      if (i > 0 && b.tokenDelayMs) await sleep(b.tokenDelayMs);
      if (res.destroyed) return;
      send(chunkOf(id, model, { content: token }, null));
      seen.tokensSent++;
    }
    send(chunkOf(id, model, {}, 'stop'));
    if (includesUsage(body)) send(usageChunkOf(id, model, usage));
    res.write('data: [DONE]\n\n');
    seen.ended = true;
    res.end();
  };

  const server: Server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    answer(req, res).catch(() => res.destroy());
  });
  // Idle connections are kept as a provider's are (a minute): a client reuses its connection rather
  // than connecting for each request (undici closes one whose server keeps it less than 2 s).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    origin,
    chatUrl: `${origin}/v1/chat/completions`,
    embeddingsUrl: `${origin}/v1/embeddings`,
    requests,
    embeddingCalls,
    behave: (b) => {
      behaviour = b;
    },
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
