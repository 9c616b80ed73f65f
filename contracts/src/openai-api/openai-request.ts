import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { chatLimits, ReasoningLevel } from '../chat/chat-request';
import { chatImageLimits } from '../chat/chat-images';

/**
 * The OpenAI-compatible API (docs/architecture.md, "The OpenAI-compatible API"): the routes of the
 * OpenAI wire that an `openai` client calls, with the platform's API keys (`Authorization: Bearer`).
 */
export const openaiRoutes = {
  models: '/v1/models',
  chatCompletions: '/v1/chat/completions',
  embeddings: '/v1/embeddings',
} as const;

export const openaiLimits = {
  /** A message's content given as parts: at most this many. */
  contentParts: 100,
  /** Tools offered, and tool calls of one message (passed through to the model, never run). */
  tools: 128,
  stop: 4,
  /** An image part's url: a data: URL of an image of at most `chatImageLimits.bytes` in base64. */
  imageUrlLength: Math.ceil(chatImageLimits.bytes / 3) * 4 + 100,
  /**
   * A completion's body: the relay's 4 MiB of text and about four images of the full 5 MB in
   * base64 (more images in one request must be smaller). Over it: 413.
   */
  bodyBytes: 32 * 1024 * 1024,
} as const;

const text = (field: string) => boundedString(field, chatLimits.messageLength);

/**
 * A part of a message's content: text parts (`type: 'text'`) and, in user messages, images given as
 * data: URLs (`type: 'image_url'`, read by relay-request.ts in the command service); other types are
 * refused by name.
 */
export const OpenAiContentPart = z.looseObject({
  type: boundedString('A content part type', 64),
  text: text('A text part').optional(),
  image_url: z
    .object({
      url: boundedString('An image url', openaiLimits.imageUrlLength),
      detail: z.enum(['auto', 'low', 'high']).optional(),
    })
    .optional(),
});
export type OpenAiContentPart = z.infer<typeof OpenAiContentPart>;

export const openaiRoles = ['system', 'developer', 'user', 'assistant', 'tool'] as const;

export const OpenAiMessage = z.object({
  role: z.enum(openaiRoles),
  content: z
    .union([text('A message'), boundedList(OpenAiContentPart, 'Content parts', openaiLimits.contentParts)])
    .nullable()
    .optional(),
  name: boundedString('A message name', 64).optional(),
  tool_calls: boundedList(z.unknown(), 'Tool calls', openaiLimits.tools).optional(),
  tool_call_id: boundedString('A tool call id', 200).optional(),
});
export type OpenAiMessage = z.infer<typeof OpenAiMessage>;

const tokens = () => z.number().int().min(1).max(chatLimits.maxTokens).nullable().optional();

/**
 * POST /v1/chat/completions: the OpenAI chat request, as far as the relay carries it. Fields the relay
 * does not use (top_p, stop, seed, user...) are accepted and ignored; `n` above 1 and content other
 * than text and images are refused (400). Function `tools` are read by openai-tools.ts (command).
 */
export const OpenAiChatRequest = z.object({
  model: boundedString('The model id', 200).min(1, 'model is required'),
  messages: boundedList(OpenAiMessage, 'Messages', chatLimits.messages).min(1, 'messages must not be empty'),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullable().optional(),
  max_tokens: tokens(),
  /** Wins over `max_tokens` when both are given. */
  max_completion_tokens: tokens(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  n: z.number().int().min(1).max(1, 'n must be 1: one choice per request').nullable().optional(),
  tools: boundedList(z.unknown(), 'Tools', openaiLimits.tools).nullable().optional(),
  tool_choice: z
    .union([z.enum(['none', 'auto', 'required']), z.looseObject({ type: z.string().max(64) })])
    .optional(),
  reasoning_effort: ReasoningLevel.nullable().optional(),
  user: boundedString('The user', 256).optional(),
});
export type OpenAiChatRequest = z.infer<typeof OpenAiChatRequest>;
