import {
  effectiveChoiceOf,
  ownValue,
  type McpServerView,
  type McpToolView,
  type StoredMcpServer,
} from '@app/contracts';

/** A tool as the admin sees it: when changed, the definition approved before beside the new one. */
const toolView = (server: StoredMcpServer, tool: StoredMcpServer['tools'][number]): McpToolView => {
  const approval = ownValue(server.approvals, tool.name);
  const { choice, status } = effectiveChoiceOf(tool, approval);
  return {
    ...tool,
    choice,
    status,
    ...(approval && status === 'changed'
      ? {
          approved: {
            description: approval.description,
            inputSchema: approval.inputSchema,
            choice: approval.choice,
          },
        }
      : {}),
  };
};

/** A server as the Admin Interface shows it: credentials as their kind and header names, never in clear. */
export const mcpServerView = (server: StoredMcpServer): McpServerView => ({
  id: server.id,
  name: server.name,
  url: server.url,
  authType: server.auth.type,
  authHeaders: server.auth.type === 'headers' ? Object.keys(server.auth.headers) : [],
  groups: server.groups,
  tools: server.tools.map((t) => toolView(server, t)),
  problems: server.problems,
});
