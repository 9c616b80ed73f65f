import { jsonSchema, tool, type ToolSet } from 'ai';
import { OpArguments, opsMessages, type Op } from '@app/contracts';
import type { Db, OutboundClient } from '@app/platform';
import { callOp } from '../ops/index';
import { visibleOps } from '../ops/index';
import { defaultToolSteps, functionToolsOf } from './tool-loop';
import type { ChatTools } from './generation-request';
import type { McpChatTools } from '../mcp/index';

/** The tools an assistant names ({name, description}: an op's name each) and whose ops they are. */
export interface AssistantTools {
  /** The assistant's owner: the ops are theirs or the system's. */
  owner: string;
  tools: readonly { name: string; description?: string }[];
}

/** The op's parameters as the JSON schema of the tool's input. */
export const inputSchemaOf = (op: Op) => ({
  type: 'object' as const,
  properties: Object.fromEntries(
    Object.entries(op.parameters.properties).map(([name, p]) => [
      name,
      { type: p.type, ...(p.description === '' ? {} : { description: p.description }) },
    ]),
  ),
  required: op.parameters.required,
  additionalProperties: false,
});

/** One op as an AI SDK tool: its arguments checked, the call made through the guarded client. */
export const opTool = (op: Op, userUrls: OutboundClient, description?: string) =>
  tool({
    description: description && description !== 'No description provided' ? description : op.description,
    inputSchema: jsonSchema<Record<string, unknown>>(inputSchemaOf(op)),
    execute: async (input, { abortSignal }) => {
      const args = OpArguments.safeParse(input);
      if (!args.success)
        return { error: opsMessages.badArguments(op.name, args.error.issues[0]?.message ?? '') };
      try {
        const outcome = await callOp(userUrls, op, args.data, abortSignal);
        return outcome.ok
          ? { status: outcome.status, data: outcome.data }
          : { status: outcome.status, error: outcome.message ?? '', data: outcome.data };
      } catch (e) {
        return { error: e instanceof Error ? e.message : opsMessages.callFailed(op.name, 'unknown error') };
      }
    },
  });

/**
 * The AI SDK tools of a request: the MCP tools the user turned on (and its assistant's), then the
 * assistant's ops, each tool name resolved to an op its owner may use (their own, else the system's;
 * names that match no op are left out, and none without a client for users' addresses). None
 * (undefined) when no tool is left.
 */
export const chatToolsFor = async (
  deps: { db: Db; userUrls: OutboundClient | undefined },
  assistant: AssistantTools | undefined,
  mcp?: McpChatTools,
): Promise<ChatTools | undefined> => {
  const set: ToolSet = { ...mcp?.set };
  if (deps.userUrls && assistant && assistant.tools.length > 0) {
    const ops = await visibleOps(deps.db, assistant.owner);
    for (const t of assistant.tools) {
      const named = ops.filter((o) => o.name === t.name);
      const op = named.find((o) => !o.system_op) ?? named[0];
      if (op && !Object.hasOwn(set, op.name)) set[op.name] = opTool(op, deps.userUrls, t.description);
    }
  }
  if (Object.keys(set).length === 0) return undefined;
  const mcpStatus = mcp?.statusOf ?? {};
  return {
    set,
    maxSteps: defaultToolSteps,
    definitions: await functionToolsOf(set),
    statusOf: (name) =>
      Object.hasOwn(mcpStatus, name) ? (mcpStatus[name] ?? '') : opsMessages.callStatus(name),
  };
};

/** The resolved chat's assistant, when it has one (resolveChat puts it there), as its tools. */
export const assistantToolsOf = (resolved: {
  model: unknown;
  assistant?: { owner: string; tools: readonly { name: string; description?: string }[] } | null;
}): AssistantTools | undefined =>
  resolved.assistant ? { owner: resolved.assistant.owner, tools: resolved.assistant.tools } : undefined;
