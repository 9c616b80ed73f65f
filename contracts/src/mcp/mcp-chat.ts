import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { eventTypesOf } from '../event-types';
import { mcpToolChoices } from './mcp-server';

/**
 * MCP tools in chats: the servers a user turns on for a conversation (the composer's Tools menu),
 * their calls in the relay's tool loop, 'Ask first' answered by the request's owner, and what the
 * log keeps of each call (never its arguments nor its result).
 */
export const mcpChatLimits = {
  /** Servers turned on in one request. */
  servers: 20,
  /** Characters of a call's arguments shown in the 'Ask first' question. */
  argumentsShown: 4_000,
  /** How long a call that asks first waits for its owner's answer before it is denied. */
  approvalWaitMs: 5 * 60_000,
  /** How long one call may run (its connection, its check of the definition and its answer). */
  callTimeoutMs: 30_000,
} as const;

export const McpServerIdList = boundedList(z.uuid(), 'MCP servers', mcpChatLimits.servers);

export const mcpChatMessages = {
  calling: (tool: string, server: string) => `Calling ${tool} on ${server}...`,
  waiting: (tool: string, server: string) => `Waiting for your answer: may ${tool} on ${server} run?`,
  askQuestion: (tool: string, server: string) => `Allow ${tool} on ${server} to run with these arguments?`,
  allow: 'Allow',
  deny: 'Deny',
  allowed: 'Allowed',
  denied: 'Denied',
  expired: 'No answer in 5 minutes: denied.',
  /** Told to the model (and shown in the status line) when a call did not run or failed. */
  deniedForModel: 'The user denied this call: it was not run.',
  changed: (tool: string) =>
    `The tool ${tool} changed since an admin approved it: it is off until an admin approves it again.`,
  notOffered: (tool: string) => `The tool ${tool} is not available.`,
  failed: (reason: string) => `The tool call failed: ${reason}`,
  timedOut: 'The tool did not answer in time.',
  toolsMenu: 'Tools',
  toolsMenuEmpty: 'No tools are available to you.',
  toolsLoadFailed: 'Unable to load the tools at this time. Please try again later...',
  approvalNotFound: 'There is no call waiting for an answer with this id.',
  approvalGone: 'This call was already answered.',
} as const;

// --- the user's side: which servers and tools they may turn on ---

export const mcpChatRoutes = {
  /** GET: the servers open to the signed-in user, with the tools they may be offered. */
  tools: '/api/mcp/tools',
  /** POST: the owner's answer to a call that asks first. */
  approval: '/api/chat/tool-approval',
} as const;

export const McpUserTool = z.object({
  name: z.string(),
  description: z.string(),
  choice: z.enum(mcpToolChoices).exclude(['off']),
});
export type McpUserTool = z.infer<typeof McpUserTool>;

export const McpUserServer = z.object({ id: z.string(), name: z.string(), tools: z.array(McpUserTool) });
export type McpUserServer = z.infer<typeof McpUserServer>;

export const McpUserToolsResponse = z.object({ servers: z.array(McpUserServer) });
export type McpUserToolsResponse = z.infer<typeof McpUserToolsResponse>;

export const toolDecisions = ['allow', 'deny'] as const;
export const ToolApprovalRequest = z.object({
  requestId: boundedString('The request id', 64),
  callId: boundedString('The call id', 200),
  decision: z.enum(toolDecisions),
});
export type ToolApprovalRequest = z.infer<typeof ToolApprovalRequest>;

export const ToolApprovalResponse = z.object({ success: z.literal(true), decision: z.enum(toolDecisions) });
export type ToolApprovalResponse = z.infer<typeof ToolApprovalResponse>;

// --- the stream: the question a call asks its owner, and its answer ---

export const toolApprovalStates = ['asked', 'allowed', 'denied', 'expired'] as const;
export const ToolApprovalChunkData = z.object({
  callId: z.string().max(200),
  server: z.string().max(200),
  tool: z.string().max(200),
  /** The call's arguments as JSON text, cut at `argumentsShown`. */
  arguments: z.string().max(mcpChatLimits.argumentsShown + 10),
  state: z.enum(toolApprovalStates),
});
export type ToolApprovalChunkData = z.infer<typeof ToolApprovalChunkData>;

// --- the log: a call's stream `chat-tools-<requestId>` ---

export const chatToolsStreamId = (requestId: string) => `chat-tools-${requestId}`;

export const toolCallOutcomes = ['ok', 'error', 'timeout', 'changed', 'tooLarge'] as const;
export type ToolCallOutcome = (typeof toolCallOutcomes)[number];

interface ToolCallRef {
  requestId: string;
  callId: string;
  serverId: string;
  serverName: string;
  tool: string;
}

/**
 * Each event's actor is in its metadata: the request's owner for an answer, the platform for a
 * call (made for the owner) and for a question left unanswered.
 */
export type ToolCallEvent =
  | { type: 'ToolApprovalAsked'; data: ToolCallRef }
  | { type: 'ToolCallApproved'; data: ToolCallRef }
  | { type: 'ToolCallDenied'; data: ToolCallRef & { expired?: boolean } }
  | { type: 'ToolCalled'; data: ToolCallRef & { durationMs: number; outcome: ToolCallOutcome } };

export const toolCallEventTypes = eventTypesOf<ToolCallEvent>({
  ToolApprovalAsked: true,
  ToolCallApproved: true,
  ToolCallDenied: true,
  ToolCalled: true,
});
