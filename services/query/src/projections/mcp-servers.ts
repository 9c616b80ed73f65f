import { McpServerEvent, mcpServerEventTypes, mcpServerRecordOf, McpServerRecord } from '@app/contracts';
import { tableProjection } from './projection';

/**
 * The MCP servers (`rm_mcp_servers`): each as the Ops tab reads it, credentials only as their kind
 * and header names (the sealed values stay in the log); a removed server's row is deleted. Not pushed over /live: the section reads the
 * list after each change.
 */
export const mcpServersProjection = tableProjection<McpServerEvent>(
  { name: 'mcpServers', readModel: null },
  ['rm_mcp_servers'],
  {
    eventTypes: mcpServerEventTypes,
    contract: McpServerEvent,
    apply: async (event, recorded, trx) => {
      const id = event.type === 'McpServerRegistered' ? event.data.id : event.data.serverId;
      if (event.type === 'McpServerRemoved') {
        // Gone from the list at once, and from the Tools menus that read it.
        await trx.deleteFrom('rm_mcp_servers').where('id', '=', id).execute();
        return [id];
      }
      const row = await trx
        .selectFrom('rm_mcp_servers')
        .select('record')
        .where('id', '=', id)
        .executeTakeFirst();
      const saved = row ? McpServerRecord.safeParse(row.record) : undefined;
      const next = mcpServerRecordOf(saved?.success ? saved.data : undefined, event);
      if (!next) return [];
      const values = {
        name: next.name,
        record: JSON.stringify(next),
        updated_by: recorded.metadata.actor.email,
        updated_at: new Date(recorded.recordedAt),
      };
      await trx
        .insertInto('rm_mcp_servers')
        .values({ id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      return [id];
    },
  },
);
