import { ownValue } from '../records';
import { effectiveChoiceOf } from './mcp-server';
import type { McpUserServer } from './mcp-chat';
import type { McpServerRecord } from './mcp-view';

/**
 * The servers a user of `userGroups` may turn on (every user when a server names no group), each
 * with the tools in effect for them (approved for the definition listed, not Off); a server with no
 * such tool is left out.
 */
export const userServersOf = (
  records: readonly McpServerRecord[],
  userGroups: readonly string[],
): McpUserServer[] =>
  records
    .filter((r) => r.groups.length === 0 || r.groups.some((g) => userGroups.includes(g)))
    .map((r) => ({
      id: r.id,
      name: r.name,
      tools: r.tools.flatMap((t) => {
        const { choice } = effectiveChoiceOf(t, ownValue(r.approvals, t.name));
        return choice === 'off' ? [] : [{ name: t.name, description: t.description, choice }];
      }),
    }))
    .filter((s) => s.tools.length > 0);
