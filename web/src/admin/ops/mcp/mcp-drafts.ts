import {
  McpChangeRequest,
  McpRegisterRequest,
  type McpApproveRequest,
  type McpServerView,
  type McpToolChoice,
} from '@app/contracts';

export interface McpDraft {
  name: string;
  url: string;
  authType: 'none' | 'bearer' | 'headers';
  token: string;
  /** One header a line, 'Name: value'. */
  headers: string;
}

export const emptyMcpDraft: McpDraft = { name: '', url: '', authType: 'none', token: '', headers: '' };

/** The headers typed one a line ('Name: value'); a line without a colon is kept whole as a name. */
export const headersOf = (text: string): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = (colon < 0 ? line : line.slice(0, colon)).trim();
    headers[name] = colon < 0 ? '' : line.slice(colon + 1).trim();
  }
  return headers;
};

/** The credentials as typed, in the shape the contracts take. */
const authOf = (draft: McpDraft) =>
  draft.authType === 'bearer'
    ? { type: 'bearer' as const, token: draft.token }
    : draft.authType === 'headers'
      ? { type: 'headers' as const, headers: headersOf(draft.headers) }
      : { type: 'none' as const };

/** The registration as sent, or the first problem (the contracts' own message). */
export const registerRequestOf = (draft: McpDraft): { request: McpRegisterRequest } | { problem: string } => {
  const parsed = McpRegisterRequest.safeParse({
    name: draft.name,
    url: draft.url.trim(),
    auth: authOf(draft),
  });
  if (parsed.success) return { request: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'The server could not be registered.' };
};

/** The choices shown for a server's tools: the choice in effect unless the admin changed it. */
export const choicesOf = (
  server: McpServerView,
  edits: Readonly<Record<string, McpToolChoice>>,
): Record<string, McpToolChoice> =>
  Object.fromEntries(server.tools.map((t) => [t.name, edits[t.name] ?? t.choice]));

/**
 * The approval to send: every tool whose choice was edited, or that changed or is new and is now
 * chosen, each pinned to the hash shown (a tool changed since is refused by the server).
 */
export const approvalOf = (
  server: McpServerView,
  edits: Readonly<Record<string, McpToolChoice>>,
): McpApproveRequest | null => {
  const tools = server.tools
    .filter((t) => edits[t.name] !== undefined && (edits[t.name] !== t.choice || t.status !== 'approved'))
    .map((t) => ({ name: t.name, hash: t.hash, choice: edits[t.name] ?? t.choice }));
  return tools.length === 0 ? null : { serverId: server.id, tools };
};

/** Groups typed comma-separated. */
export const groupsOf = (text: string): string[] =>
  [...new Set(text.split(',').map((g) => g.trim()))].filter((g) => g !== '');

/** An edit as opened: the saved settings, credentials blank (kept unless typed), header names listed. */
export const editDraftOf = (server: McpServerView): McpDraft & { groups: string } => ({
  name: server.name,
  url: server.url,
  authType: server.authType,
  token: '',
  headers: server.authHeaders.map((h) => `${h}:`).join('\n'),
  groups: server.groups.join(', '),
});

/** The edit as sent at the revision opened, or the first problem (the contracts' own message). */
export const changeRequestOf = (
  draft: McpDraft & { groups: string },
  server: McpServerView,
): { request: McpChangeRequest } | { problem: string } => {
  const parsed = McpChangeRequest.safeParse({
    serverId: server.id,
    expectedRevision: server.revision,
    name: draft.name,
    url: draft.url.trim(),
    auth: authOf(draft),
    groups: groupsOf(draft.groups),
  });
  if (parsed.success) return { request: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'The server could not be saved.' };
};
