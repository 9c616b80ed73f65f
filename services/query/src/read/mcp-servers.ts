import { McpServerRecord, mcpServerViewOf, type McpServerView } from '@app/contracts';
import type { Db } from '@app/platform';

/** The MCP servers by name, each tool with the choice in effect; a row that no longer parses is left out. */
export const readMcpServers = async (db: Db): Promise<McpServerView[]> => {
  const rows = await db.selectFrom('rm_mcp_servers').select('record').orderBy('name').execute();
  return rows.flatMap((r) => {
    const parsed = McpServerRecord.safeParse(r.record);
    return parsed.success ? [mcpServerViewOf(parsed.data)] : [];
  });
};
