import { McpServerRecord, mcpChatRoutes, McpUserToolsResponse, userServersOf } from '@app/contracts';
import { readRoute } from './read-route';

/** GET the MCP servers the caller may turn on in a chat (the composer's Tools menu), with their tools. */
export const mcpUserToolsRoute = readRoute({
  url: mcpChatRoutes.tools,
  who: 'user',
  description:
    "The MCP servers open to the caller (every user, or their Amplify groups') with the tools an admin allowed or set to ask first.",
  answer: McpUserToolsResponse,
  handle: async (request, { db, groupsOf }) => {
    const rows = await db.selectFrom('rm_mcp_servers').select('record').orderBy('name').execute();
    const records = rows.flatMap((r) => {
      const parsed = McpServerRecord.safeParse(r.record);
      return parsed.success ? [parsed.data] : [];
    });
    const needsGroups = records.some((r) => r.groups.length > 0);
    const groups = needsGroups ? await groupsOf(request.principal) : [];
    const answer: McpUserToolsResponse = { servers: userServersOf(records, groups) };
    return answer;
  },
});
