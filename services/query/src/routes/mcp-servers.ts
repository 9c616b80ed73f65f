import { McpListResponse, mcpRoutes } from '@app/contracts';
import { readMcpServers } from '../read/mcp-servers';
import { readRoute } from './read-route';

/** GET the MCP servers (admins): the Ops tab's list, credentials never in it. Takes `?waitFor=`. */
export const mcpServersRoute = readRoute({
  url: mcpRoutes.list,
  who: 'admin',
  description: 'The registered MCP servers with their tools, each tool with the choice in effect.',
  answer: McpListResponse,
  handle: async (_request, { db }) => {
    const answer: McpListResponse = { success: true, servers: await readMcpServers(db) };
    return answer;
  },
});
