import {
  mcpChatRoutes,
  McpUserToolsResponse,
  ToolApprovalResponse,
  type McpUserServer,
  type ToolApprovalRequest,
} from '@app/contracts';
import { postJson, requestJson } from '../../api/http';

/** GET the MCP servers the signed-in user may turn on, with their tools. */
export async function fetchUserTools(): Promise<McpUserServer[]> {
  return (await requestJson('getMcpTools', mcpChatRoutes.tools, McpUserToolsResponse)).body.servers;
}

/** POST the owner's answer to a call that asks first. */
export async function answerToolApproval(body: ToolApprovalRequest): Promise<ToolApprovalResponse> {
  return postJson('answerToolApproval', mcpChatRoutes.approval, ToolApprovalResponse, body);
}
