import { randomUUID } from 'node:crypto';
import { jsonSchema, tool, type ToolSet } from 'ai';
import {
  mcpChatMessages,
  mcpServersStreamId,
  systemActor,
  type EventMetadata,
  type McpTool,
} from '@app/contracts';
import { ConcurrencyError, type Db, type SecretBox } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { openServersFor, type ApprovedMcpTool } from './approved-tools';
import { mcpHeadersOf } from './mcp-auth';
import type { McpConnector } from './mcp-client';
import { mcpServersDecider } from './mcp-decider';
import { callMcpTool } from './mcp-tool-call';
import { askFirst, noticesOf, recordToolEvent, type ToolWakes } from './ask-first';
import type { ToolCallRef } from './tool-calls-decider';

export interface McpChatDeps {
  db: Db;
  secrets: SecretBox;
  connector: McpConnector;
  /** Wakes the call waiting for its owner's answer, on whichever instance it runs. */
  wakes: ToolWakes;
}

export interface McpChatRequest {
  requestId: string;
  /** The request's owner: the servers must be open to them. */
  email: string;
  serverIds: readonly string[];
  /** The request's metadata (its owner the actor): a question and a call are recorded with it. */
  metadata: EventMetadata;
}

/** The MCP tools a request offers, by the name the model is given, and each one's status line. */
export interface McpChatTools {
  set: ToolSet;
  statusOf: Record<string, string>;
}

/** A name the providers accept (letters, digits, _ and -, at most 64), unique in `taken`. */
const modelNameOf = (server: string, tool: string, taken: Set<string>): string => {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  const base = `${clean(server).slice(0, 24) || 'mcp'}__${clean(tool)}`.slice(0, 60);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base.slice(0, 60 - String(n).length)}_${n}`;
  taken.add(name);
  return name;
};

const schemaOf = (t: ApprovedMcpTool) => {
  try {
    return jsonSchema<Record<string, unknown>>(JSON.parse(t.inputSchema) as object);
  } catch {
    return jsonSchema<Record<string, unknown>>({ type: 'object' });
  }
};

/**
 * A tool found changed at call time: the server's listing is recorded (by the platform), so the tool
 * is Off for everyone until an admin approves the new definition, who is shown the difference. A
 * listing recorded meanwhile by someone else is as good: a conflict is left at that.
 */
const switchOffChanged = async (
  db: Db,
  metadata: EventMetadata,
  serverId: string,
  listed: { tools: McpTool[]; problems: string[] },
): Promise<void> => {
  const command = {
    type: 'RecordMcpTools' as const,
    data: { serverId, ...listed, actor: systemActor },
  };
  await handleCommand(db, mcpServersDecider, mcpServersStreamId, command, {
    metadata: { ...metadata, actor: systemActor },
  }).catch((e: unknown) => {
    if (!(e instanceof ConcurrencyError)) throw e;
  });
};

/**
 * The tools of the servers a user turned on for a request, as AI SDK tools the relay's tool loop
 * runs: each call (after its owner's Allow, for 'Ask first') connects through the guarded client,
 * checks the definition is still the approved one, and is recorded (`ToolCalled`: duration and
 * outcome only). None when no server named is open to the user or none has an approved tool.
 */
export const mcpChatToolsFor = async (
  deps: McpChatDeps,
  request: McpChatRequest,
): Promise<McpChatTools | undefined> => {
  if (request.serverIds.length === 0) return undefined;
  const set: ToolSet = {};
  const statusOf: Record<string, string> = {};
  const taken = new Set<string>();
  for (const { server, tools } of await openServersFor(deps.db, request.email, request.serverIds))
    for (const t of tools) {
      const name = modelNameOf(server.name, t.name, taken);
      statusOf[name] = mcpChatMessages.calling(t.name, server.name);
      set[name] = tool({
        description: t.description,
        inputSchema: schemaOf(t),
        execute: async (input, { abortSignal, experimental_context }) => {
          const signal = abortSignal ?? new AbortController().signal;
          const notices = noticesOf(experimental_context);
          const ref: ToolCallRef = {
            requestId: request.requestId,
            callId: randomUUID(),
            serverId: server.id,
            serverName: server.name,
            tool: t.name,
          };
          if (t.choice === 'ask') {
            const answer = await askFirst(deps, request.metadata, ref, input, notices, signal);
            if (answer !== 'approved') return { error: mcpChatMessages.deniedForModel };
            notices.status(statusOf[name] ?? '');
          }
          const startedAt = performance.now();
          const headers = await mcpHeadersOf(server.auth, deps.secrets.keyring(deps.db));
          const result = await callMcpTool(deps.connector, { url: server.url, headers }, t, input, signal);
          await recordToolEvent(deps.db, ref.requestId, request.metadata, {
            type: 'RecordCall',
            ref,
            durationMs: Math.round(performance.now() - startedAt),
            outcome: result.outcome,
          });
          if (result.listed) await switchOffChanged(deps.db, request.metadata, server.id, result.listed);
          return result.value;
        },
      });
    }
  return Object.keys(set).length === 0 ? undefined : { set, statusOf };
};
