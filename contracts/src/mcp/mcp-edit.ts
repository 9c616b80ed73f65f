import { z } from 'zod';
import { boundedString, headerSafeString } from '../bounded';
import {
  mcpLimits,
  McpGroups,
  McpHeaders,
  McpName,
  McpUrl,
  type McpServerChange,
  type McpServerField,
} from './mcp-server';
import type { McpServerView } from './mcp-http';

/**
 * Editing and removing a registered MCP server (Admin Interface, Ops tab). An edit names the
 * settings' revision the admin opened: a server changed since is refused (409) naming who changed
 * what. A credential left blank keeps the sealed one.
 */
export const mcpEditRoutes = {
  change: '/api/admin/mcp/servers/change',
  remove: '/api/admin/mcp/servers/remove',
} as const;

/** The settings as the Admin Interface names them. */
export const mcpServerFieldLabels: Record<McpServerField, string> = {
  name: 'name',
  url: 'URL',
  auth: 'authentication',
  groups: 'Amplify groups',
};

const listed = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** Each actor once, with every setting they changed (in the order of `mcpServerFields`). */
const byActor = (changes: readonly McpServerChange[]): string[] => {
  const fields = new Map<string, Set<McpServerField>>();
  for (const c of changes) {
    const seen = fields.get(c.actor) ?? new Set<McpServerField>();
    for (const f of c.fields) seen.add(f);
    fields.set(c.actor, seen);
  }
  return [...fields].map(([actor, set]) => {
    const words = (Object.keys(mcpServerFieldLabels) as McpServerField[])
      .filter((f) => set.has(f))
      .map((f) => mcpServerFieldLabels[f]);
    return `${actor} changed its ${words.length > 0 ? listed(words) : 'settings'}`;
  });
};

export const mcpEditMessages = {
  /** The 409: who changed what since the admin opened the server. */
  changedSince: (server: string, changes: readonly McpServerChange[]) =>
    `The MCP server ${server} was changed since you opened it: ${
      changes.length > 0 ? listed(byActor(changes)) : 'someone changed it'
    }. Please reload it and make your change again.`,
  tokenToKeep: 'There is no saved token to keep: please enter the token.',
  headerToKeep: (name: string) =>
    `There is no saved value of the header '${name}' to keep: please enter its value.`,
  removeTitle: 'Remove MCP server',
  removeConfirm: (server: McpServerView) =>
    `Remove the MCP server ${server.name}? ${
      server.tools.length === 0
        ? 'It has no tools.'
        : server.tools.length === 1
          ? `Its tool (${server.tools[0]?.name ?? ''}) stops being offered in chats at once.`
          : `Its ${server.tools.length} tools (${listed(server.tools.map((t) => t.name))}) stop being offered in chats at once.`
    } Its saved credentials are destroyed. This cannot be undone.`,
  urlChangeNote:
    'Changing the URL fetches the tools of the new address: every tool is Off until approved again.',
  keepHint: 'Leave blank to keep the saved value.',
} as const;

/** Credentials as an edit sends them: a blank token or header value keeps the one saved under it. */
export const McpAuthEdit = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('bearer'), token: headerSafeString('Token', mcpLimits.credentialLength) }),
  z.object({ type: z.literal('headers'), headers: McpHeaders }),
]);
export type McpAuthEdit = z.infer<typeof McpAuthEdit>;

const Revision = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const McpChangeRequest = z.object({
  serverId: z.uuid(),
  /** The settings' revision the admin opened. */
  expectedRevision: Revision,
  name: McpName,
  url: McpUrl,
  auth: McpAuthEdit,
  groups: McpGroups,
});
export type McpChangeRequest = z.infer<typeof McpChangeRequest>;

export const McpRemoveRequest = z.object({ serverId: z.uuid(), expectedRevision: Revision });
export type McpRemoveRequest = z.infer<typeof McpRemoveRequest>;

/** A refusal of an edit or removal: 404 unknown server, 409 changed since (who changed it). */
export const McpEditRefusal = z.object({
  success: z.literal(false),
  message: z.string(),
  changedBy: boundedString('Changed by', 320).optional(),
});
export type McpEditRefusal = z.infer<typeof McpEditRefusal>;
