import { z } from 'zod';
import { ChatSource } from '../documents/embeddings';
import { ToolApprovalChunkData } from '../mcp/mcp-chat';

/**
 * The answer of POST /api/chat: server-sent events, one `data: <json>` line per chunk (`id: <n>` on
 * each, for Last-Event-ID), `: keep-alive` comments while waiting. The chunk shapes are the
 * relay's clients expect; `usage` and `error` are ours.
 */
export const ChatStatus = z.object({
  id: z.string().max(200),
  summary: z.string().max(2000),
  message: z.string().max(10_000).optional(),
  type: z.string().max(100),
  inProgress: z.boolean(),
});
export type ChatStatus = z.infer<typeof ChatStatus>;

export const ChatUsage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cachedTokens: z.number().int().nonnegative(),
  /** Dollars, from the model's per-1k prices. */
  cost: z.number().nonnegative(),
});
export type ChatUsage = z.infer<typeof ChatUsage>;

export const zeroUsage = (): ChatUsage => ({ inputTokens: 0, outputTokens: 0, cachedTokens: 0, cost: 0 });

/**
 * Why an answer was stopped before the model finished it: its owner's kill switch (or the server
 * shutting down), its `max_tokens` reached, or the spend reserved for it reached.
 */
export const chatStopReasons = ['user', 'maxTokens', 'reservation'] as const;
export const ChatStopReason = z.enum(chatStopReasons);
export type ChatStopReason = z.infer<typeof ChatStopReason>;

export const ChatChunk = z.union([
  z.object({ s: z.literal('meta'), st: ChatStatus }),
  z.object({ s: z.literal('meta'), state: z.record(z.string(), z.unknown()) }),
  z.object({ s: z.literal('meta'), stateReset: z.literal(true) }),
  z.object({ s: z.literal('meta'), m: z.literal('out_of_order') }),
  z.object({ s: z.literal('meta'), usage: ChatUsage }),
  /** The answer was stopped before the model finished it, and why (sent before the usage). */
  z.object({ s: z.literal('meta'), stopped: ChatStopReason }),
  /** The passages retrieved from the request's documents, sent before the first answer chunk. */
  z.object({ s: z.literal('meta'), d: z.object({ sources: z.array(ChatSource) }) }),
  /** An MCP call that asks first: its question, then its answer (the same `callId`). */
  z.object({ s: z.literal('meta'), approval: ToolApprovalChunkData }),
  z.object({ s: z.literal('answer'), d: z.string() }),
  /** The provider failed mid-stream: the partial answer stays, this says why. */
  z.object({ s: z.literal('error'), d: z.string().max(10_000) }),
  z.object({ s: z.literal('result'), type: z.literal('end') }),
  /** A call of a client's own tool (the OpenAI-compatible API): its id, name and arguments (JSON text). */
  z.object({
    s: z.literal('tool'),
    d: z.object({ id: z.string().max(200), name: z.string().max(200), arguments: z.string().max(100_000) }),
  }),
]);
export type ChatChunk = z.infer<typeof ChatChunk>;

/** Status ids the relay sends (`st.id`): the same id updates the same status line. */
export const chatStatusIds = { model: 'model', limit: 'limit', sources: 'sources' } as const;

/** The status line of a request with documents whose passages could not be retrieved (the answer goes on without). */
export const chatRetrievalMessages = {
  summary: 'Searching your documents',
  failed: 'Your documents could not be searched: this answer does not use them.',
} as const;
