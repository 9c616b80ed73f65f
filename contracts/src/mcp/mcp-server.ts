import { z } from 'zod';
import { Actor } from '../actor';
import { boundedList, boundedString, headerSafeString } from '../bounded';
import { SealedSecret } from '../admin/sealed-secret';
import { urlHasUserInfo } from '../admin/url-credentials';
import { eventTypesOf } from '../event-types';

/**
 * MCP servers registered by admins (the governed gateway): a server's address and credentials, the
 * tools it lists and, per tool, the admins' choice pinned to the hash of the definition they saw.
 */
export const mcpLimits = {
  servers: 100,
  nameLength: 200,
  urlLength: 2_000,
  headers: 20,
  headerNameLength: 200,
  credentialLength: 4_000,
  /** Tools kept per server; a longer list is cut and reported. */
  tools: 200,
  toolNameLength: 128,
  descriptionLength: 8_000,
  /** Characters of a tool's input schema as JSON. */
  schemaChars: 32_000,
  problems: 50,
  problemLength: 500,
  groups: 100,
  groupNameLength: 200,
} as const;

export const mcpAuthTypes = ['none', 'bearer', 'headers'] as const;
export const mcpToolChoices = ['allowed', 'ask', 'off'] as const;
export type McpToolChoice = (typeof mcpToolChoices)[number];

/** The choices as the Admin Interface names them. */
export const mcpToolChoiceLabels: Record<McpToolChoice, string> = {
  allowed: 'Allowed',
  ask: 'Ask first',
  off: 'Off',
};

export const mcpMessages = {
  nameRequired: 'Name is required. Please enter a name for the MCP server.',
  urlInvalid: 'The URL must be a full http or https address, for example https://mcp.example.com/mcp.',
  urlWithCredentials:
    'The URL must not carry a user name or password: use the Authentication section instead.',
  tokenRequired: 'Bearer authentication needs a token.',
  headersRequired: 'Header authentication needs at least one header.',
  headerNameInvalid: (name: string) => `'${name}' is not a valid header name.`,
  notAllowed:
    'This MCP server is not in MCP_ALLOW, the list of addresses MCP servers may be reached at. Ask whoever runs the platform to add it.',
  notFound: 'There is no MCP server with this id.',
  nameTaken: (name: string) => `An MCP server named ${name} is already registered.`,
  tooMany: `At most ${mcpLimits.servers} MCP servers may be registered.`,
  unknownTool: (name: string) =>
    `The server does not list a tool named ${name}. Please fetch its tools again.`,
  staleApproval: (name: string) =>
    `The tool ${name} changed since its tools were fetched. Please look at the change and approve it again.`,
  fetchFailed: (reason: string) => `The tools of the MCP server could not be fetched: ${reason}`,
  tooManyTools: (count: number) =>
    `The server lists ${count} tools; only the first ${mcpLimits.tools} are kept.`,
  toolDropped: (name: string, reason: string) => `The tool '${name}' was left out: ${reason}`,
  changed: 'Changed since approved: Off until approved again.',
  notApproved: 'New: Off until approved.',
  empty: 'No MCP servers registered.',
  listFailed: 'Unable to load the MCP servers at this time. Please try again later...',
} as const;

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const platformHeaders = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'upgrade',
  'te',
]);

/** Credential headers as typed (name to value): at least one, each name valid and not one the platform sets. */
export const McpHeaders = z
  .record(
    boundedString('Header name', mcpLimits.headerNameLength),
    headerSafeString('Header value', mcpLimits.credentialLength),
  )
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length === 0) ctx.addIssue({ code: 'custom', message: mcpMessages.headersRequired });
    if (names.length > mcpLimits.headers)
      ctx.addIssue({ code: 'custom', message: `At most ${mcpLimits.headers} headers may be sent.` });
    for (const name of names)
      if (!headerName.test(name) || platformHeaders.has(name.toLowerCase()))
        ctx.addIssue({ code: 'custom', message: mcpMessages.headerNameInvalid(name) });
  });

/** Credentials as an admin types them: sent once, sealed at once, never answered in clear. */
export const McpAuthInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({
    type: z.literal('bearer'),
    token: headerSafeString('Token', mcpLimits.credentialLength).refine(
      (t) => t.trim() !== '',
      mcpMessages.tokenRequired,
    ),
  }),
  z.object({
    type: z.literal('headers'),
    headers: McpHeaders,
  }),
]);
export type McpAuthInput = z.infer<typeof McpAuthInput>;

/** The credentials as the log keeps them: every value sealed. */
export const McpSealedAuth = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('bearer'), token: SealedSecret }),
  z.object({
    type: z.literal('headers'),
    headers: z.record(boundedString('Header name', mcpLimits.headerNameLength), SealedSecret),
  }),
]);
export type McpSealedAuth = z.infer<typeof McpSealedAuth>;

export const isMcpUrl = (url: string): boolean => {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
};

export const McpUrl = boundedString('URL', mcpLimits.urlLength).superRefine((url, ctx) => {
  if (!isMcpUrl(url)) ctx.addIssue({ code: 'custom', message: mcpMessages.urlInvalid });
  else if (urlHasUserInfo(url.trim()))
    ctx.addIssue({ code: 'custom', message: mcpMessages.urlWithCredentials });
});

export const McpName = boundedString('Name', mcpLimits.nameLength).refine(
  (n) => n.trim() !== '',
  mcpMessages.nameRequired,
);

/** A tool as the server lists it, bounded; `hash` pins name, description and input schema. */
export const McpTool = z.object({
  name: boundedString('Tool name', mcpLimits.toolNameLength),
  description: boundedString('Tool description', mcpLimits.descriptionLength),
  /** The input schema as canonical JSON (keys sorted), at most `schemaChars`. */
  inputSchema: boundedString('Tool input schema', mcpLimits.schemaChars),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type McpTool = z.infer<typeof McpTool>;

/** An admin's choice for a tool, pinned to the definition it was made for. */
export const McpApproval = McpTool.extend({ choice: z.enum(mcpToolChoices) });
export type McpApproval = z.infer<typeof McpApproval>;

export const McpGroups = boundedList(
  boundedString('Group', mcpLimits.groupNameLength),
  'Groups',
  mcpLimits.groups,
);
const Problems = boundedList(
  boundedString('Problem', mcpLimits.problemLength),
  'Problems',
  mcpLimits.problems,
);

export const mcpServersStreamId = 'mcpServers';

/** The settings of a server an admin edits. */
export const mcpServerFields = ['name', 'url', 'auth', 'groups'] as const;
export type McpServerField = (typeof mcpServerFields)[number];

export const McpServerEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('McpServerRegistered'),
    data: z.object({
      id: z.uuid(),
      name: McpName,
      url: McpUrl,
      auth: McpSealedAuth,
      actor: Actor,
    }),
  }),
  z.object({
    type: z.literal('McpToolsFetched'),
    data: z.object({
      serverId: z.uuid(),
      tools: boundedList(McpTool, 'Tools', mcpLimits.tools),
      problems: Problems,
      actor: Actor,
    }),
  }),
  z.object({
    type: z.literal('McpToolsApproved'),
    data: z.object({
      serverId: z.uuid(),
      tools: boundedList(McpApproval, 'Tools', mcpLimits.tools),
      actor: Actor,
    }),
  }),
  z.object({
    type: z.literal('McpServerGroupsLimited'),
    data: z.object({ serverId: z.uuid(), groups: McpGroups, actor: Actor }),
  }),
  z.object({
    type: z.literal('McpServerChanged'),
    /** The server's settings after the edit (credentials sealed) and which of them changed. */
    data: z.object({
      serverId: z.uuid(),
      name: McpName,
      url: McpUrl,
      auth: McpSealedAuth,
      groups: McpGroups,
      changed: boundedList(z.enum(mcpServerFields), 'Changed', mcpServerFields.length),
      actor: Actor,
    }),
  }),
  z.object({
    type: z.literal('McpServerRemoved'),
    data: z.object({ serverId: z.uuid(), actor: Actor }),
  }),
]);
export type McpServerEvent = z.infer<typeof McpServerEvent>;

export const mcpServerEventTypes = eventTypesOf<McpServerEvent>({
  McpServerRegistered: true,
  McpToolsFetched: true,
  McpToolsApproved: true,
  McpServerGroupsLimited: true,
  McpServerChanged: true,
  McpServerRemoved: true,
});

/** A server as its decider folds it. */
export interface StoredMcpServer {
  id: string;
  name: string;
  url: string;
  auth: McpSealedAuth;
  /** Empty: every user; else the members of these Amplify groups. */
  groups: string[];
  tools: McpTool[];
  problems: string[];
  /** By tool name. */
  approvals: Record<string, McpApproval>;
  /** The settings' revision (1 when registered, one more per change of name, URL, credentials or groups). */
  revision: number;
  /** The last settings changes, newest last: who changed what (for a 409's message). */
  changes: McpServerChange[];
}

/** A change of a server's settings, as a 409 names it. */
export interface McpServerChange {
  revision: number;
  actor: string;
  fields: McpServerField[];
}

/** A tool's choice in effect: an approval for another definition (or none) is Off until approved again. */
export const effectiveChoiceOf = (
  tool: McpTool,
  approval: McpApproval | undefined,
): { choice: McpToolChoice; status: 'approved' | 'new' | 'changed' } => {
  if (!approval) return { choice: 'off', status: 'new' };
  if (approval.hash !== tool.hash) return { choice: 'off', status: 'changed' };
  return { choice: approval.choice, status: 'approved' };
};
