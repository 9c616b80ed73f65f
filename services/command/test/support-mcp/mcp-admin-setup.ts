import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { expect } from 'vitest';
import { mcpRoutes, type McpListResponse, type McpServerView } from '@app/contracts';
import { createOutboundClient, parseAllowList } from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

export interface LocalMcpServer {
  server: Server;
  port: number;
  /** The server's address at a path, e.g. `/mcp`. */
  url: (path: string) => string;
}

/**
 * A local MCP server built with the SDK (stateless Streamable HTTP on 127.0.0.1): each request gets a
 * fresh server whose tools `tools` registers (it may look at the request's path). `onRequest` sees
 * every request first and may answer it itself ('answered').
 */
export const startLocalMcpServer = async ({
  name,
  tools,
  onRequest,
}: {
  name: string;
  tools: (mcp: McpServer, req: IncomingMessage) => void;
  onRequest?: (req: IncomingMessage, res: ServerResponse) => 'answered' | undefined;
}): Promise<LocalMcpServer> => {
  const server = createServer((req, res) => {
    if (onRequest?.(req, res) === 'answered') return;
    const mcp = new McpServer({ name, version: '1.0.0' });
    tools(mcp, req);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    void mcp.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { server, port, url: (path) => `http://127.0.0.1:${port}${path}` };
};

/**
 * The test platform with MCP enabled for these admins, MCP_ALLOW=127.0.0.1 (the test's server, and
 * nothing else); `close` closes the platform and its outbound client.
 */
export const startMcpAdminPlatform = async (admins: string[]) => {
  const allow = parseAllowList(['127.0.0.1']);
  const outbound = createOutboundClient({ allow, timeoutMs: 5_000 });
  const p = await startTestPlatform({ admins, mcp: { outbound, allow } });
  return {
    p,
    close: async () => {
      await p.close();
      await outbound.close();
    },
  };
};

/** The MCP servers as the admin sees them, once the read models caught up. */
export const listMcpServers = async (p: TestPlatform, admin: string): Promise<McpServerView[]> => {
  await p.settle();
  const res = await p.call(admin, 'GET', mcpRoutes.list);
  expect(res.statusCode).toBe(200);
  return res.json<McpListResponse>().servers;
};

/** A refusal's message. */
export const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;
