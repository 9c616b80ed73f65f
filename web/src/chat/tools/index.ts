/** MCP tools in chats, the chat screen's side: the composer's Tools menu and the 'Ask first' question. */
export { ToolsMenu } from './ToolsMenu';
export { ToolApprovals } from './ToolApprovalCard';
export { mcpServersForRequestAtom } from './tools-state';
export { withMcpServers } from './tools-choice';
