import { z } from 'zod';
import { emptyNameMap, ownValue } from '../records';
import { effectiveChoiceOf, mcpAuthTypes, McpApproval, McpTool, type McpServerEvent } from './mcp-server';
import type { McpServerView, McpToolView } from './mcp-http';

/** A server as its read model keeps it (`rm_mcp_servers`): no credential, sealed or not, only their kind. */
export const McpServerRecord = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  authType: z.enum(mcpAuthTypes),
  authHeaders: z.array(z.string()),
  groups: z.array(z.string()),
  tools: z.array(McpTool),
  problems: z.array(z.string()),
  /** By tool name: the definition each choice was made for. */
  approvals: z
    .record(z.string(), McpApproval)
    .transform((a) => Object.assign(emptyNameMap<McpApproval>(), a)),
  /** The settings' revision (as the decider counts it: registered 1, one more per settings change). */
  revision: z.number().int(),
});
export type McpServerRecord = z.infer<typeof McpServerRecord>;

/** The record after `event` (pure; the read model's fold). */
export const mcpServerRecordOf = (
  record: McpServerRecord | undefined,
  event: McpServerEvent,
): McpServerRecord | undefined => {
  switch (event.type) {
    case 'McpServerRegistered': {
      const { id, name, url, auth } = event.data;
      return {
        id,
        name,
        url,
        authType: auth.type,
        authHeaders: auth.type === 'headers' ? Object.keys(auth.headers) : [],
        groups: [],
        tools: [],
        problems: [],
        approvals: emptyNameMap(),
        revision: 1,
      };
    }
    case 'McpToolsFetched':
      return record && { ...record, tools: event.data.tools, problems: event.data.problems };
    case 'McpToolsApproved': {
      if (!record) return record;
      const approvals = Object.assign(emptyNameMap<McpApproval>(), record.approvals);
      for (const tool of event.data.tools) approvals[tool.name] = tool;
      return { ...record, approvals };
    }
    case 'McpServerGroupsLimited':
      return record && { ...record, groups: event.data.groups, revision: record.revision + 1 };
    case 'McpServerChanged': {
      if (!record) return record;
      const { name, url, auth, groups, changed } = event.data;
      // Another address is another server: its tools and the choices pinned to them go (see mcp-edit.ts).
      const moved = changed.includes('url');
      return {
        ...record,
        name,
        url,
        authType: auth.type,
        authHeaders: auth.type === 'headers' ? Object.keys(auth.headers) : [],
        groups,
        revision: record.revision + 1,
        ...(moved ? { tools: [], problems: [], approvals: emptyNameMap<McpApproval>() } : {}),
      };
    }
    case 'McpServerRemoved':
      return undefined;
  }
};

const toolView = (record: McpServerRecord, tool: McpTool): McpToolView => {
  const approval = ownValue(record.approvals, tool.name);
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

/** A server as the Admin Interface shows it: each tool with the choice in effect and, when changed, what was approved. */
export const mcpServerViewOf = (record: McpServerRecord): McpServerView => ({
  id: record.id,
  name: record.name,
  url: record.url,
  authType: record.authType,
  authHeaders: record.authHeaders,
  groups: record.groups,
  tools: record.tools.map((t) => toolView(record, t)),
  problems: record.problems,
  revision: record.revision,
});
