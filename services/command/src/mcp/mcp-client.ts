import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';
import { mcpMessages, type McpTool } from '@app/contracts';
import {
  DomainError,
  OutboundError,
  type AllowList,
  type OutboundClient,
  type OutboundMethod,
} from '@app/platform';
import { refuseOutsideMcpAllow } from './mcp-allow';
import { boundedToolsOf } from './tool-definitions';

/** The MCP connection's ports: the guarded client built on MCP_ALLOW, and MCP_ALLOW itself. */
export interface McpConnector {
  outbound: OutboundClient;
  allow: AllowList;
}

export const mcpClientBounds = {
  /** Bytes of one answer of the server (the tools list included). */
  answerBytes: 4 * 1024 * 1024,
  /** Pages of `tools/list` read at most. */
  pages: 10,
  requestTimeoutMs: 15_000,
} as const;

const methods = new Set<OutboundMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);

/** An answer's body that errors once it passes `max` bytes (the stream client caps no answer). */
const capped = (response: Response, max: number): Response => {
  if (!response.body) return response;
  let size = 0;
  const cap = new TransformStream<Uint8Array, Uint8Array>({
    transform: (chunk, controller) => {
      size += chunk.byteLength;
      if (size > max) controller.error(new OutboundError(`the answer is larger than ${max} bytes`));
      else controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(cap), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

/**
 * The SDK's fetch, through the guarded client only: the SDK never opens a connection of its own, and
 * every address it calls (an SSE server's announced endpoint too) must be in MCP_ALLOW.
 */
export const guardedFetch =
  (connector: McpConnector, maxBytes: number = mcpClientBounds.answerBytes) =>
  async (url: string | URL, init?: RequestInit): Promise<Response> => {
    refuseOutsideMcpAllow(String(url), connector.allow);
    const method = (init?.method ?? 'GET').toUpperCase() as OutboundMethod;
    if (!methods.has(method)) throw new OutboundError(`the method ${method} is not sent`);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string')
      throw new OutboundError('only text bodies are sent');
    const response = await connector.outbound.fetch(url, {
      method,
      headers,
      ...(typeof body === 'string' ? { body } : {}),
      ...(init?.signal ? { signal: init.signal } : {}),
    });
    return capped(response, maxBytes);
  };

const ToolsPage = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().max(1_000).optional(),
});

const reasonOf = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 300);

const connectWith = async (transport: Transport): Promise<Client> => {
  const client = new Client({ name: 'amplify-platform', version: '1.0.0' }, { capabilities: {} });
  await client.connect(transport, { timeout: mcpClientBounds.requestTimeoutMs });
  return client;
};

/**
 * A connected client for `url` (Streamable HTTP, else the older SSE transport), after MCP_ALLOW
 * refused what it does not list: a refused server is never connected to.
 */
export const connectMcp = async (
  connector: McpConnector,
  url: string,
  headers: Record<string, string>,
): Promise<Client> => {
  refuseOutsideMcpAllow(url, connector.allow);
  const target = new URL(url);
  const fetch = guardedFetch(connector);
  const requestInit: RequestInit = { headers, redirect: 'error' };
  try {
    return await connectWith(new StreamableHTTPClientTransport(target, { fetch, requestInit }));
  } catch (e) {
    // A refusal of the guard is final; any other failure may be an older server: try SSE once.
    if (e instanceof OutboundError && /not listed|refused/i.test(e.message)) throw e;
    return connectWith(new SSEClientTransport(target, { fetch, requestInit }));
  }
};

/** The tools a connected server lists, bounded (pages and count): a huge or malformed list is cut, reported. */
export const listMcpTools = async (
  client: Client,
  signal?: AbortSignal,
): Promise<{ tools: McpTool[]; problems: string[] }> => {
  const listed: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < mcpClientBounds.pages; page++) {
    const answer = await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      ToolsPage,
      { timeout: mcpClientBounds.requestTimeoutMs, ...(signal ? { signal } : {}) },
    );
    listed.push(...answer.tools);
    cursor = answer.nextCursor;
    if (cursor === undefined || listed.length > 1_000) break;
  }
  return boundedToolsOf(listed);
};

/** The server's tools, bounded (a huge or malformed list is reported as problems, never thrown). */
export const fetchMcpTools = async (
  connector: McpConnector,
  url: string,
  headers: Record<string, string>,
): Promise<{ tools: McpTool[]; problems: string[] }> => {
  let client: Client;
  try {
    client = await connectMcp(connector, url, headers);
  } catch (e) {
    if (e instanceof DomainError) throw e;
    return { tools: [], problems: [mcpMessages.fetchFailed(reasonOf(e))] };
  }
  try {
    return await listMcpTools(client);
  } catch (e) {
    return { tools: [], problems: [mcpMessages.fetchFailed(reasonOf(e))] };
  } finally {
    await client.close().catch(() => undefined);
  }
};
