export { mcpServersDecider, type McpServersCommand, type McpServersState } from './mcp-decider';
export { mcpRoutesPlugin, type McpRouteOptions } from './mcp-routes';
export { approvedToolsFor, approvedToolsOf, isMcpServerOpenTo, type ApprovedMcpTool } from './approved-tools';
export { connectMcp, fetchMcpTools, guardedFetch, type McpConnector } from './mcp-client';
export { refuseOutsideMcpAllow } from './mcp-allow';
export { toolHashOf, canonicalJson } from './tool-definitions';
export { mcpChatToolsFor, type McpChatDeps, type McpChatTools } from './mcp-chat-tools';
export { toolApprovalRoutePlugin } from './tool-approval-route';
export type { ToolWakes } from './ask-first';
