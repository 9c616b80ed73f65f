import {
  amplifyGroupsStreamId,
  effectiveChoiceOf,
  groupsOf,
  mcpServersStreamId,
  ownValue,
  type McpTool,
  type StoredMcpServer,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { amplifyGroupsDecider } from '../configurations/index';
import { loadState } from '../shared/stream-state';
import { mcpServersDecider } from './mcp-decider';

/** A tool a user may be offered: its pinned definition and whether each call asks first. */
export interface ApprovedMcpTool extends McpTool {
  serverId: string;
  serverName: string;
  choice: 'allowed' | 'ask';
}

/** Whether `email` may use `server`: every user when it names no group, else its groups' members. */
export const isMcpServerOpenTo = (server: StoredMcpServer, userGroups: readonly string[]): boolean =>
  server.groups.length === 0 || server.groups.some((g) => userGroups.includes(g));

/** The tools of `servers` a user of `userGroups` may use: approved for the definition listed, not Off. */
export const approvedToolsOf = (
  servers: readonly StoredMcpServer[],
  userGroups: readonly string[],
): ApprovedMcpTool[] =>
  servers
    .filter((s) => isMcpServerOpenTo(s, userGroups))
    .flatMap((server) =>
      server.tools.flatMap((tool): ApprovedMcpTool[] => {
        const { choice } = effectiveChoiceOf(tool, ownValue(server.approvals, tool.name));
        return choice === 'off' ? [] : [{ ...tool, serverId: server.id, serverName: server.name, choice }];
      }),
    );

/**
 * The servers of `serverIds` open to `email` (unknown ids left out, each once), with the tools they
 * may be offered there. The definitions are the ones approved; whoever calls a tool lists the
 * server's tools again and calls only one whose hash is still the one returned here.
 */
export const openServersFor = async (
  db: Db,
  email: string,
  serverIds: readonly string[],
): Promise<{ server: StoredMcpServer; tools: ApprovedMcpTool[] }[]> => {
  const { state } = await loadState(db, mcpServersDecider, mcpServersStreamId);
  const servers = [...new Set(serverIds)].flatMap((id): StoredMcpServer[] => {
    const s = ownValue(state, id);
    return s ? [s] : [];
  });
  if (servers.length === 0) return [];
  const userGroups = servers.some((s) => s.groups.length > 0)
    ? groupsOf((await loadState(db, amplifyGroupsDecider, amplifyGroupsStreamId)).state, email)
    : [];
  return servers.map((server) => ({ server, tools: approvedToolsOf([server], userGroups) }));
};

/** The tools `user` may be offered from the servers `serverIds`, all servers together. */
export const approvedToolsFor = async (
  db: Db,
  user: { email: string },
  serverIds: readonly string[],
): Promise<ApprovedMcpTool[]> => (await openServersFor(db, user.email, serverIds)).flatMap((s) => s.tools);
