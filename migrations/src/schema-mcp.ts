import type { ColumnType } from 'kysely';

/** An MCP server registered by admins (migration 0035, projection `mcpServers`). */
export interface RmMcpServersTable {
  id: string;
  name: string;
  /** The contracts' `McpServerRecord` as JSON. */
  record: ColumnType<unknown, string, string>;
  updated_by: string;
  updated_at: Date;
}

export interface McpTables {
  rm_mcp_servers: RmMcpServersTable;
}
