import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import {
  mcpAuthTypes,
  McpAuthInput,
  McpGroups,
  mcpLimits,
  McpName,
  McpTool,
  mcpToolChoices,
  McpUrl,
} from './mcp-server';

/** The admin routes of MCP servers: their paths, what they take and what they answer. */
export const mcpRoutes = {
  register: '/api/admin/mcp/servers/register',
  list: '/api/admin/mcp/servers',
  fetchTools: '/api/admin/mcp/servers/fetchTools',
  approve: '/api/admin/mcp/servers/approve',
  groups: '/api/admin/mcp/servers/groups',
} as const;

export const McpRegisterRequest = z.object({ name: McpName, url: McpUrl, auth: McpAuthInput });
export type McpRegisterRequest = z.infer<typeof McpRegisterRequest>;

export const McpServerIdRequest = z.object({ serverId: z.uuid() });
export type McpServerIdRequest = z.infer<typeof McpServerIdRequest>;

export const McpApproveRequest = z.object({
  serverId: z.uuid(),
  /** Each choice names the hash the admin saw: a tool changed since is refused, not approved blind. */
  tools: boundedList(
    z.object({
      name: boundedString('Tool name', mcpLimits.toolNameLength),
      hash: z.string().regex(/^[0-9a-f]{64}$/),
      choice: z.enum(mcpToolChoices),
    }),
    'Tools',
    mcpLimits.tools,
  ).min(1),
});
export type McpApproveRequest = z.infer<typeof McpApproveRequest>;

export const McpGroupsRequest = z.object({ serverId: z.uuid(), groups: McpGroups });
export type McpGroupsRequest = z.infer<typeof McpGroupsRequest>;

export const McpCommandResponse = z.object({
  success: z.literal(true),
  id: z.string(),
  position: z.string().optional(),
});
export type McpCommandResponse = z.infer<typeof McpCommandResponse>;

/** A tool as the admin sees it: its definition, the choice in effect and, when changed, what was approved. */
export const McpToolView = McpTool.extend({
  choice: z.enum(mcpToolChoices),
  status: z.enum(['approved', 'new', 'changed']),
  approved: z
    .object({ description: z.string(), inputSchema: z.string(), choice: z.enum(mcpToolChoices) })
    .optional(),
});
export type McpToolView = z.infer<typeof McpToolView>;

/** A server as the admin sees it: credentials only as their masks' kind, never in clear. */
export const McpServerView = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  authType: z.enum(mcpAuthTypes),
  /** The names of the credential headers (their values stay sealed). */
  authHeaders: z.array(z.string()),
  groups: z.array(z.string()),
  tools: z.array(McpToolView),
  problems: z.array(z.string()),
  /** The settings' revision the admin sees: an edit or removal names it (a newer one is a 409). */
  revision: z.number().int(),
});
export type McpServerView = z.infer<typeof McpServerView>;

export const McpListResponse = z.object({ success: z.literal(true), servers: z.array(McpServerView) });
export type McpListResponse = z.infer<typeof McpListResponse>;
