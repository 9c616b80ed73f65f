import { z } from 'zod';
import { boundedString } from '../bounded';
import { chatLimits } from '../chat/chat-request';
import type { ChatVia } from '../chat/chat-events';
import { eventTypesOf } from '../event-types';

/**
 * POST /v1/embeddings (docs/architecture.md, "The OpenAI-compatible API"): an embeddings model's
 * vectors for an API key holding `dual_embedding`, governed like a chat request (reserved against
 * the caller's and the key's limits before the provider is asked, settled at the model's input price).
 */
export const openaiEmbeddingLimits = {
  /** Texts of one request (OpenAI takes 2,048). */
  inputs: 512,
  /** Characters of one text. */
  inputLength: 32_000,
  /** The request's body (over it: 413). */
  bodyBytes: chatLimits.bodyBytes,
  /** The most dimensions a client may ask for. */
  dimensions: 16_384,
} as const;

const input = () => boundedString('An input', openaiEmbeddingLimits.inputLength);

/** The texts to embed, as a list. */
const inputs = z
  .array(input(), 'input: a text or a list of texts is expected')
  .min(1, 'input must not be empty')
  .max(openaiEmbeddingLimits.inputs, `input takes at most ${openaiEmbeddingLimits.inputs} texts`);

export const OpenAiEmbeddingsRequest = z.object({
  model: boundedString('The model id', 200).min(1, 'model is required'),
  input: z.union([input(), inputs]),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.number().int().min(1).max(openaiEmbeddingLimits.dimensions).optional(),
  user: boundedString('The user', 256).optional(),
});
export type OpenAiEmbeddingsRequest = z.infer<typeof OpenAiEmbeddingsRequest>;

/**
 * The request as it is checked: one text as a list of one (`embeddingsBodyOf`), so a refusal names
 * what is wrong with the list or with a text (a union would only say "invalid input").
 */
export const OpenAiEmbeddingsBody = OpenAiEmbeddingsRequest.extend({ input: inputs });

/** The body with a single text `input` made a list of one; anything else as it is. */
export const embeddingsBodyOf = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && 'input' in body && typeof body.input === 'string'
    ? { ...body, input: [body.input] }
    : body;

export const OpenAiEmbeddingsResponse = z.object({
  object: z.literal('list'),
  data: z.array(
    z.object({
      object: z.literal('embedding'),
      index: z.number().int().nonnegative(),
      /** Numbers, or with `encoding_format: 'base64'` their float32 little-endian bytes in base64. */
      embedding: z.union([z.array(z.number()), z.string()]),
    }),
  ),
  model: z.string().max(200),
  usage: z.object({
    prompt_tokens: z.number().int().nonnegative(),
    total_tokens: z.number().int().nonnegative(),
  }),
});
export type OpenAiEmbeddingsResponse = z.infer<typeof OpenAiEmbeddingsResponse>;

/** Every embeddings request is a stream of its own: requested, then completed or failed. */
export const embeddingsRequestStreamId = (requestId: string) => `embeddings-${requestId}`;

export interface EmbeddingsRequestedData {
  requestId: string;
  model: string;
  accountId: string;
  /** How many texts were sent (never the texts). */
  inputs: number;
  /** Dollars reserved against the caller's limits: every input byte counted a token. */
  reserved: number;
  via: ChatVia;
}

export interface EmbeddingsEnded {
  requestId: string;
  /** The input tokens as the provider counted them (else their bound) and their cost. */
  usage: { inputTokens: number; cost: number };
  durationMs: number;
}

export type EmbeddingsEvent =
  | { type: 'EmbeddingsRequested'; data: EmbeddingsRequestedData }
  | { type: 'EmbeddingsCompleted'; data: EmbeddingsEnded }
  | { type: 'EmbeddingsFailed'; data: EmbeddingsEnded & { message: string } };

export const embeddingsEventTypes = eventTypesOf<EmbeddingsEvent>({
  EmbeddingsRequested: true,
  EmbeddingsCompleted: true,
  EmbeddingsFailed: true,
});
