import {
  mcpChatRoutes,
  McpUserToolsResponse,
  ToolApprovalResponse,
  type McpUserServer,
  type ToolApprovalRequest,
} from '@app/contracts';
import { postJson, requestJson } from './http';

/** GET the MCP servers the signed-in user may turn on (in a chat, or in an assistant), with their tools. */
export async function fetchUserMcpServers(): Promise<McpUserServer[]> {
  return (await requestJson('getMcpTools', mcpChatRoutes.tools, McpUserToolsResponse)).body.servers;
}

/** POST the owner's answer to an MCP call that asks first. */
export async function answerToolApproval(body: ToolApprovalRequest): Promise<ToolApprovalResponse> {
  return postJson('answerToolApproval', mcpChatRoutes.approval, ToolApprovalResponse, body);
}
