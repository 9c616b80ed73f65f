import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** What the server saw: each tool's calls with their arguments; the weather tool's description (changeable). */
export interface McpTestState {
  weatherDescription: string;
  calls: { tool: string; args: Record<string, unknown> }[];
  /** How long `slow` takes to answer. */
  slowMs: number;
}

export interface McpTestServer {
  url: string;
  state: McpTestState;
  close(): Promise<void>;
}

/**
 * A local MCP server built with the SDK (stateless Streamable HTTP on 127.0.0.1, at `/mcp`): `weather`
 * answers the sky of a city, `delete_file` says it deleted a path, `big` answers 100,000 characters,
 * `slow` answers after `slowMs`. Every call is kept in `state.calls`.
 */
export const startMcpTestServer = async (): Promise<McpTestServer> => {
  const state: McpTestState = { weatherDescription: 'The weather of a city', calls: [], slowMs: 0 };
  const server: Server = createServer((req, res) => {
    const mcp = new McpServer({ name: 'test-mcp', version: '1.0.0' });
    const record = (tool: string, args: Record<string, unknown>) => state.calls.push({ tool, args });
    mcp.registerTool(
      'weather',
      { description: state.weatherDescription, inputSchema: { city: z.string() } },
      ({ city }) => {
        record('weather', { city });
        return { content: [{ type: 'text', text: `Sunny in ${city}` }] };
      },
    );
    mcp.registerTool(
      'delete_file',
      { description: 'Deletes a file', inputSchema: { path: z.string() } },
      ({ path }) => {
        record('delete_file', { path });
        return { content: [{ type: 'text', text: `Deleted ${path}` }] };
      },
    );
    mcp.registerTool('big', { description: 'A large answer', inputSchema: {} }, () => {
      record('big', {});
      return { content: [{ type: 'text', text: 'x'.repeat(100_000) }] };
    });
    mcp.registerTool('slow', { description: 'A slow answer', inputSchema: {} }, async () => {
      record('slow', {});
      await new Promise((r) => setTimeout(r, state.slowMs));
      return { content: [{ type: 'text', text: 'late' }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    void mcp.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};
