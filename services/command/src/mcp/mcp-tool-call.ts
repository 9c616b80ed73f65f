import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mcpChatLimits, mcpChatMessages, type McpTool, type ToolCallOutcome } from '@app/contracts';
import { connectMcp, listMcpTools, type McpConnector } from './mcp-client';

/** What the model is told back (JSON), and how the call went (the log's `ToolCalled.outcome`). */
export interface McpCallResult {
  value: unknown;
  outcome: ToolCallOutcome;
  /** When the definition changed: what the server lists now (to switch the tool off for everyone). */
  listed?: { tools: McpTool[]; problems: string[] };
}

const reasonOf = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 300);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A tool's answer as the model is given it: its structured content when it has one, else its text
 * parts joined (other parts named by their type only: an image or a resource is not passed on).
 */
export const toolAnswerOf = (result: unknown): McpCallResult => {
  if (!isRecord(result)) return { value: { error: mcpChatMessages.failed('no answer') }, outcome: 'error' };
  const isError = result['isError'] === true;
  const parts = Array.isArray(result['content']) ? result['content'] : [];
  const text = parts
    .map((p) =>
      isRecord(p) && p['type'] === 'text' && typeof p['text'] === 'string'
        ? p['text']
        : `[${isRecord(p) && typeof p['type'] === 'string' ? p['type'] : 'part'} not shown]`,
    )
    .join('\n');
  const structured = result['structuredContent'];
  const value = isError
    ? { error: text === '' ? mcpChatMessages.failed('the tool reported an error') : text }
    : isRecord(structured)
      ? structured
      : { result: text };
  return { value, outcome: isError ? 'error' : 'ok' };
};

const within = async <T>(work: Promise<T>, signal: AbortSignal): Promise<T> => {
  if (signal.aborted) throw signal.reason;
  let onAbort = () => undefined as void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
};

/**
 * One call of an approved tool, within `mcpChatLimits.callTimeoutMs` (and `signal`): the server is
 * connected through the guarded client (MCP_ALLOW), its tools listed again, and the tool called only
 * if its definition is still the one approved (`hash`); a changed one is not called. Never throws:
 * a failure is the model's `{error}`.
 */
export const callMcpTool = async (
  connector: McpConnector,
  server: { url: string; headers: Record<string, string> },
  tool: { name: string; hash: string },
  args: Record<string, unknown>,
  signal: AbortSignal,
  timeoutMs: number = mcpChatLimits.callTimeoutMs,
): Promise<McpCallResult> => {
  const timeout = AbortSignal.timeout(timeoutMs);
  const bounded = AbortSignal.any([signal, timeout]);
  let client: Client | undefined;
  try {
    client = await within(connectMcp(connector, server.url, server.headers), bounded);
    const listing = await within(listMcpTools(client, bounded), bounded);
    const listed = listing.tools.find((t) => t.name === tool.name);
    if (!listed || listed.hash !== tool.hash)
      return { value: { error: mcpChatMessages.changed(tool.name) }, outcome: 'changed', listed: listing };
    const result = await client.callTool({ name: tool.name, arguments: args }, undefined, {
      signal: bounded,
      timeout: timeoutMs,
      maxTotalTimeout: timeoutMs,
    });
    return toolAnswerOf(result);
  } catch (e) {
    if (timeout.aborted && !signal.aborted)
      return { value: { error: mcpChatMessages.timedOut }, outcome: 'timeout' };
    const reason = reasonOf(e);
    return {
      value: { error: mcpChatMessages.failed(reason) },
      outcome: /larger than/.test(reason) ? 'tooLarge' : 'error',
    };
  } finally {
    void client?.close().catch(() => undefined);
  }
};
