import { sql, type Kysely } from 'kysely';

/**
 * `rm_mcp_servers`: each MCP server registered by admins (projection `mcpServers`): its name, its
 * record as the Ops tab shows it (address, kind of authentication and header names, groups, tools
 * as last fetched, the definitions approved; never a credential, sealed or not) and who changed it last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_mcp_servers (
      id text primary key,
      name text not null,
      record jsonb not null,
      updated_by text not null,
      updated_at timestamptz not null
    )`.execute(db);
}
