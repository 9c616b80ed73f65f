import { mcpChatRoutes, McpUserToolsResponse, type McpUserServer } from '@app/contracts';
import { requestJson } from './http';

/** GET the MCP servers the signed-in user may turn on (in a chat, or in an assistant), with their tools. */
export async function fetchUserMcpServers(): Promise<McpUserServer[]> {
  return (await requestJson('getMcpTools', mcpChatRoutes.tools, McpUserToolsResponse)).body.servers;
}
