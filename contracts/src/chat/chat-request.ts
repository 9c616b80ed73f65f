import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { DataSource } from '../documents/embeddings';
import { ChatImage, chatImageLimits, chatImageMessages } from './chat-images';
import { McpServerIdList } from '../mcp/mcp-chat';

/** POST: a chat request (or a kill switch); GET `${chatStreamRoute}/<requestId>`: replay and follow. */
export const chatRoute = '/api/chat';
export const chatStreamRoute = '/api/chat/stream';
export const chatStreamUrl = (requestId: string) => `${chatStreamRoute}/${encodeURIComponent(requestId)}`;

export const chatLimits = {
  messages: 500,
  /** One message's text (a pasted document fits; the body limit bounds the whole request). */
  messageLength: 200_000,
  dataSources: 50,
  maxTokens: 1_000_000,
  idLength: 64,
  /** The whole request body, in bytes. */
  bodyBytes: 4 * 1024 * 1024,
} as const;

/** A request id, conversation id or account id: what a client generates or picks. */
export const ChatId = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits, and . _ : -');

export const chatRoles = ['system', 'user', 'assistant'] as const;
/** The types a chat message may have. */
export const chatMessageTypes = [
  'prompt',
  'automation',
  'root_prompt',
  'prefix_prompt',
  'follow_up',
  'output_transformer',
] as const;

export const ChatMessage = z.object({
  role: z.enum(chatRoles),
  content: boundedString('A message', chatLimits.messageLength),
  type: z.enum(chatMessageTypes).optional(),
  id: ChatId.optional(),
  timestamp: z.union([z.number(), boundedString('A timestamp', 64)]).optional(),
  data: z.record(z.string().max(100), z.unknown()).optional(),
  /** Images sent with a user message (chat-images.ts): the caller's uploaded files. */
  images: z.array(ChatImage).max(chatImageLimits.perMessage, chatImageMessages.tooManyInMessage).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const reasoningLevels = ['low', 'medium', 'high'] as const;
export const ReasoningLevel = z.enum(reasoningLevels);
export type ReasoningLevel = z.infer<typeof ReasoningLevel>;

export const ChatOptions = z.object({
  requestId: ChatId,
  conversationId: ChatId.optional(),
  /**
   * The request whose answer this message follows in the conversation (its versions: an edit or a
   * regenerate follows the same one as the version it replaces); null: the conversation's first turn;
   * absent: after the conversation's latest turn (older clients, the API).
   */
  parentRequestId: ChatId.nullable().optional(),
  /** The conversation's name, for conversations stored in the cloud. */
  conversationName: boundedString('The conversation name', 200).optional(),
  timeZone: boundedString('The time zone', 64).optional(),
  time: boundedString('The time', 64).optional(),
  /** The account (COA) the request's cost is attributed to; the default account when left out. */
  accountId: ChatId.optional(),
  /** For models that support reasoning. */
  reasoningLevel: ReasoningLevel.optional(),
  /** The assistant whose instructions, documents and tools apply (`astp/...`, `ast/...`, built-ins `astgp/...`). */
  assistantId: boundedString('The assistant id', 200)
    .regex(/^(ast|astp|astg|astgp)\/[A-Za-z0-9_.-]{1,100}$/, 'The assistant id is not valid')
    .optional(),
  /** The MCP servers whose tools the user turned on for this conversation (the composer's Tools menu). */
  mcpServers: McpServerIdList.optional(),
  extras: z.record(z.string().max(100), z.unknown()).optional(),
});
export type ChatOptions = z.infer<typeof ChatOptions>;

/** The chat request: the system prompt, when any, comes first. */
export const ChatRequest = z
  .object({
    model: boundedString('The model id', 200).min(1, 'model is required'),
    temperature: z.number().min(0).max(2).default(1),
    max_tokens: z.number().int().min(1).max(chatLimits.maxTokens).default(1000),
    stream: z.literal(true).default(true),
    /** Documents of the caller's to retrieve passages from (another user's are ignored). */
    dataSources: boundedList(DataSource, 'Data sources', chatLimits.dataSources).default([]),
    messages: boundedList(ChatMessage, 'Messages', chatLimits.messages).min(1, 'messages must not be empty'),
    options: ChatOptions,
  })
  .superRefine((r, ctx) => {
    const late = r.messages.findIndex((m, i) => i > 0 && m.role === 'system');
    if (late !== -1)
      ctx.addIssue({
        code: 'custom',
        path: ['messages', late],
        message: 'only the first message may be the system prompt',
      });
    if (!r.messages.some((m) => m.role === 'user'))
      ctx.addIssue({ code: 'custom', path: ['messages'], message: 'messages must hold a user message' });
    const imaged = r.messages.findIndex((m) => m.role !== 'user' && (m.images?.length ?? 0) > 0);
    if (imaged !== -1)
      ctx.addIssue({ code: 'custom', path: ['messages', imaged], message: chatImageMessages.onlyUserImages });
    if (r.messages.reduce((n, m) => n + (m.images?.length ?? 0), 0) > chatImageLimits.perRequest)
      ctx.addIssue({ code: 'custom', path: ['messages'], message: chatImageMessages.tooManyInRequest });
  });
export type ChatRequest = z.infer<typeof ChatRequest>;
export type ChatRequestInput = z.input<typeof ChatRequest>;

/** A second POST that stops a request of the caller's: `{killSwitch: {requestId, value: true}}`. */
export const KillSwitchRequest = z.object({
  killSwitch: z.object({ requestId: ChatId, value: z.literal(true) }),
});
export type KillSwitchRequest = z.infer<typeof KillSwitchRequest>;

export const KillSwitchResponse = z.object({ success: z.boolean(), message: z.string().max(2000) });
export type KillSwitchResponse = z.infer<typeof KillSwitchResponse>;

/** A status other than 200 answers `{error}` (the client shows it). */
export const ChatErrorResponse = z.object({ error: z.string().max(10_000) });
export type ChatErrorResponse = z.infer<typeof ChatErrorResponse>;
