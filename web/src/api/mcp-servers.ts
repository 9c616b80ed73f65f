import {
  McpCommandResponse,
  McpListResponse,
  mcpEditRoutes,
  mcpRoutes,
  type McpApproveRequest,
  type McpChangeRequest,
  type McpRemoveRequest,
  type McpGroupsRequest,
  type McpRegisterRequest,
  type McpServerView,
} from '@app/contracts';
import { postJson, requestJson, withWaitFor } from './http';

/** GET the MCP servers with their tools and the choice in effect (admins), once `waitFor` is projected. */
export async function fetchMcpServers(waitFor?: string): Promise<McpServerView[]> {
  return (await requestJson('getMcpServers', withWaitFor(mcpRoutes.list, waitFor), McpListResponse)).body
    .servers;
}

/** POST: registers a server (refused outside MCP_ALLOW); its credentials are sealed at once. */
export async function registerMcpServer(body: McpRegisterRequest): Promise<McpCommandResponse> {
  return postJson('registerMcpServer', mcpRoutes.register, McpCommandResponse, body);
}

/** POST: connects to the server and records the tools it lists. */
export async function fetchMcpTools(serverId: string): Promise<McpCommandResponse> {
  return postJson('fetchMcpTools', mcpRoutes.fetchTools, McpCommandResponse, { serverId });
}

/** POST: the choice per tool, each pinned to the hash shown. */
export async function approveMcpTools(body: McpApproveRequest): Promise<McpCommandResponse> {
  return postJson('approveMcpTools', mcpRoutes.approve, McpCommandResponse, body);
}

/** POST: limits the server to members of these Amplify groups (none: every user). */
export async function limitMcpServerGroups(body: McpGroupsRequest): Promise<McpCommandResponse> {
  return postJson('limitMcpServerGroups', mcpRoutes.groups, McpCommandResponse, body);
}

/** POST: edits a server at the revision opened (409 when changed since; a blank credential keeps the saved one). */
export async function changeMcpServer(body: McpChangeRequest): Promise<McpCommandResponse> {
  return postJson('changeMcpServer', mcpEditRoutes.change, McpCommandResponse, body);
}

/** POST: removes a server at the revision confirmed; its tools stop being offered at once. */
export async function removeMcpServer(body: McpRemoveRequest): Promise<McpCommandResponse> {
  return postJson('removeMcpServer', mcpEditRoutes.remove, McpCommandResponse, body);
}
