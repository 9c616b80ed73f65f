import {
  emptyNameMap,
  mcpEditMessages,
  mcpMessages,
  mcpServerFields,
  type Actor,
  type McpApproval,
  type McpSealedAuth,
  type McpServerEvent,
  type McpServerField,
  type McpTool,
  type NameMap,
  type StoredMcpServer,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';

/** The settings changes a server keeps for a 409's message (older ones are named 'someone'). */
const changesKept = 20;

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Groups as saved: trimmed, each once, none blank. */
export const normalGroups = (groups: readonly string[]): string[] => [
  ...new Set(groups.map((g) => g.trim()).filter((g) => g !== '')),
];

/** No server has this id (the routes answer 404). */
export class McpServerNotFound extends DomainError {
  readonly statusCode = 404;
  constructor() {
    super(mcpMessages.notFound);
  }
}

/** The server's settings changed since the revision the admin opened (the routes answer 409). */
export class McpServerChangedSince extends DomainError {
  readonly statusCode = 409;
  constructor(
    message: string,
    readonly changedBy: string | undefined,
  ) {
    super(message);
  }
}

export interface ChangeMcpServer {
  type: 'ChangeMcpServer';
  data: {
    serverId: string;
    expectedRevision: number;
    name: string;
    url: string;
    /** Sealed already: kept values are the saved sealed ones, new ones sealed by the route. */
    auth: McpSealedAuth;
    groups: string[];
    /** When the URL changes: the tools the new address listed (fetched before the command). */
    fetched?: { tools: McpTool[]; problems: string[] };
    actor: Actor;
  };
}

export interface RemoveMcpServer {
  type: 'RemoveMcpServer';
  data: { serverId: string; expectedRevision: number; actor: Actor };
}

export const refuseChangedSince = (server: StoredMcpServer, expectedRevision: number): void => {
  if (server.revision === expectedRevision) return;
  const since = server.changes.filter((c) => c.revision > expectedRevision);
  throw new McpServerChangedSince(
    mcpEditMessages.changedSince(server.name, since),
    since[since.length - 1]?.actor,
  );
};

/**
 * An edit of a server's name, URL, credentials and groups, at the revision the admin opened. Only
 * what differs is recorded; a new URL drops the tools and the choices pinned to them (they were
 * another server's) and records the new address's tools in the same append.
 */
export const decideChange = (
  command: ChangeMcpServer,
  state: NameMap<StoredMcpServer>,
  server: StoredMcpServer,
): McpServerEvent[] => {
  const { expectedRevision, fetched, actor, serverId } = command.data;
  refuseChangedSince(server, expectedRevision);
  const name = command.data.name.trim();
  if (Object.values(state).some((s) => s.id !== server.id && s.name.toLowerCase() === name.toLowerCase()))
    throw new DomainError(mcpMessages.nameTaken(name));
  const next = {
    name,
    url: command.data.url.trim(),
    auth: command.data.auth,
    groups: normalGroups(command.data.groups),
  };
  const changed = mcpServerFields.filter((f) => !sameJson(server[f], next[f]));
  if (changed.length === 0) return [];
  const events: McpServerEvent[] = [
    { type: 'McpServerChanged', data: { serverId, ...next, changed, actor } },
  ];
  if (changed.includes('url') && fetched)
    events.push({ type: 'McpToolsFetched', data: { serverId, ...fetched, actor } });
  return events;
};

/** A removal at the revision the admin confirmed: its tools stop being offered at once. */
export const decideRemove = (command: RemoveMcpServer, server: StoredMcpServer): McpServerEvent[] => {
  refuseChangedSince(server, command.data.expectedRevision);
  return [{ type: 'McpServerRemoved', data: { serverId: server.id, actor: command.data.actor } }];
};

const withChange = (entry: StoredMcpServer, actor: string, fields: McpServerField[]): StoredMcpServer => {
  const revision = entry.revision + 1;
  return { ...entry, revision, changes: [...entry.changes, { revision, actor, fields }].slice(-changesKept) };
};

/** The fold of the settings events (the decider's; the read model's is `mcpServerRecordOf`). */
export const evolveSettings = (
  entry: StoredMcpServer,
  event: Extract<
    McpServerEvent,
    { type: 'McpServerGroupsLimited' | 'McpServerChanged' | 'McpServerRemoved' }
  >,
): StoredMcpServer | undefined => {
  switch (event.type) {
    case 'McpServerGroupsLimited':
      return withChange({ ...entry, groups: event.data.groups }, event.data.actor.email, ['groups']);
    case 'McpServerChanged': {
      const { name, url, auth, groups, changed, actor } = event.data;
      const moved = changed.includes('url')
        ? { tools: [], problems: [], approvals: emptyNameMap<McpApproval>() }
        : {};
      return withChange({ ...entry, name, url, auth, groups, ...moved }, actor.email, changed);
    }
    case 'McpServerRemoved':
      return undefined;
  }
};
