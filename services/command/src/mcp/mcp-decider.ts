import {
  emptyNameMap,
  mcpLimits,
  mcpMessages,
  McpServerEvent,
  ownValue,
  type Actor,
  type McpApproval,
  type McpSealedAuth,
  type McpTool,
  type McpToolChoice,
  type NameMap,
  type StoredMcpServer,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, nameMapFold, nameMapSnapshot, type Decider } from '../shared/decider';
import {
  decideChange,
  decideRemove,
  evolveSettings,
  McpServerNotFound,
  normalGroups,
  sameJson,
  type ChangeMcpServer,
  type RemoveMcpServer,
} from './mcp-server-edit';

export type McpServersState = NameMap<StoredMcpServer>;

export type McpServersCommand =
  | {
      type: 'RegisterMcpServer';
      data: { id: string; name: string; url: string; auth: McpSealedAuth; actor: Actor };
    }
  | {
      type: 'RecordMcpTools';
      data: { serverId: string; tools: McpTool[]; problems: string[]; actor: Actor };
    }
  | {
      type: 'ApproveMcpTools';
      data: {
        serverId: string;
        tools: { name: string; hash: string; choice: McpToolChoice }[];
        actor: Actor;
      };
    }
  | { type: 'LimitMcpServerGroups'; data: { serverId: string; groups: string[]; actor: Actor } }
  | ChangeMcpServer
  | RemoveMcpServer;

const serverOf = (state: McpServersState, id: string): StoredMcpServer => {
  const server = ownValue(state, id);
  if (!server) throw new McpServerNotFound();
  return server;
};

/**
 * The MCP servers (stream `mcpServers`, keyed by id): registered with their credentials already
 * sealed, their tools as last fetched, and per tool the admins' choice pinned to the hash of the
 * definition approved. An approval names the hash the admin saw, so a tool that changed since is
 * refused rather than approved blind.
 */
export const mcpServersDecider: Decider<McpServersState, McpServersCommand, McpServerEvent> = {
  initialState: () => emptyNameMap<StoredMcpServer>(),

  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterMcpServer': {
        const { name } = command.data;
        if (ownValue(state, command.data.id)) return [];
        if (Object.values(state).some((s) => s.name.toLowerCase() === name.trim().toLowerCase()))
          throw new DomainError(mcpMessages.nameTaken(name.trim()));
        if (Object.keys(state).length >= mcpLimits.servers) throw new DomainError(mcpMessages.tooMany);
        return [{ type: 'McpServerRegistered', data: { ...command.data, name: name.trim() } }];
      }
      case 'RecordMcpTools': {
        const server = serverOf(state, command.data.serverId);
        if (sameJson(server.tools, command.data.tools) && sameJson(server.problems, command.data.problems))
          return [];
        return [{ type: 'McpToolsFetched', data: command.data }];
      }
      case 'ApproveMcpTools': {
        const server = serverOf(state, command.data.serverId);
        const approved: McpApproval[] = command.data.tools.map(({ name, hash, choice }) => {
          const tool = server.tools.find((t) => t.name === name);
          if (!tool) throw new DomainError(mcpMessages.unknownTool(name));
          if (tool.hash !== hash) throw new DomainError(mcpMessages.staleApproval(name));
          return { ...tool, choice };
        });
        const changes = approved.filter((a) => !sameJson(ownValue(server.approvals, a.name), a));
        if (changes.length === 0) return [];
        return [
          {
            type: 'McpToolsApproved',
            data: { serverId: server.id, tools: changes, actor: command.data.actor },
          },
        ];
      }
      case 'LimitMcpServerGroups': {
        const server = serverOf(state, command.data.serverId);
        const groups = normalGroups(command.data.groups);
        if (sameJson(server.groups, groups)) return [];
        return [{ type: 'McpServerGroupsLimited', data: { ...command.data, groups } }];
      }
      case 'ChangeMcpServer':
        return decideChange(command, state, serverOf(state, command.data.serverId));
      case 'RemoveMcpServer':
        return decideRemove(command, serverOf(state, command.data.serverId));
      default:
        return assertNever(command);
    }
  },

  ...nameMapFold<StoredMcpServer, McpServerEvent>(
    (event) => (event.type === 'McpServerRegistered' ? event.data.id : event.data.serverId),
    (entry, event) => {
      switch (event.type) {
        case 'McpServerRegistered': {
          const { id, name, url, auth } = event.data;
          return {
            id,
            name,
            url,
            auth,
            groups: [],
            tools: [],
            problems: [],
            approvals: emptyNameMap(),
            revision: 1,
            changes: [],
          };
        }
        case 'McpToolsFetched':
          return entry && { ...entry, tools: event.data.tools, problems: event.data.problems };
        case 'McpToolsApproved': {
          if (!entry) return entry;
          const approvals: NameMap<McpApproval> = Object.assign(emptyNameMap<McpApproval>(), entry.approvals);
          for (const tool of event.data.tools) approvals[tool.name] = tool;
          return { ...entry, approvals };
        }
        case 'McpServerGroupsLimited':
        case 'McpServerChanged':
        case 'McpServerRemoved':
          return entry && evolveSettings(entry, event);
        default:
          return assertNever(event);
      }
    },
  ),

  snapshot: nameMapSnapshot<StoredMcpServer>('mcpServers/2'),
  contract: McpServerEvent,
};
