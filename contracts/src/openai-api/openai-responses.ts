import { z } from 'zod';
import { boundedList } from '../bounded';
import { limits } from '../limits';

/** GET /v1/models: the models the caller may chat with. */
export const OpenAiModel = z.object({
  id: z.string().max(200),
  object: z.literal('model'),
  /** Unix seconds; the platform records no creation time for a model: 0. */
  created: z.number().int().nonnegative(),
  /** The model's provider as the admins named it. */
  owned_by: z.string().max(200),
});
export type OpenAiModel = z.infer<typeof OpenAiModel>;

export const OpenAiModelList = z.object({
  object: z.literal('list'),
  data: boundedList(OpenAiModel, 'Models', limits.models),
});
export type OpenAiModelList = z.infer<typeof OpenAiModelList>;

export const openaiFinishReasons = ['stop', 'length', 'tool_calls'] as const;
export type OpenAiFinishReason = (typeof openaiFinishReasons)[number];

export const OpenAiUsage = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
  prompt_tokens_details: z.object({ cached_tokens: z.number().int().nonnegative() }),
});
export type OpenAiUsage = z.infer<typeof OpenAiUsage>;

/** A call of one of the client's tools the model made (its arguments: JSON text). */
export const OpenAiToolCall = z.object({
  id: z.string().max(200),
  type: z.literal('function'),
  function: z.object({ name: z.string().max(200), arguments: z.string().max(100_000) }),
});
export type OpenAiToolCall = z.infer<typeof OpenAiToolCall>;

/** POST /v1/chat/completions with `stream` false: the whole answer. */
export const OpenAiChatCompletion = z.object({
  id: z.string().max(100),
  object: z.literal('chat.completion'),
  created: z.number().int().nonnegative(),
  model: z.string().max(200),
  choices: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      message: z.object({
        role: z.literal('assistant'),
        /** Null when the model only called tools. */
        content: z.string().nullable(),
        refusal: z.null(),
        tool_calls: z.array(OpenAiToolCall).max(128).optional(),
      }),
      finish_reason: z.enum(openaiFinishReasons),
      logprobs: z.null(),
    }),
  ),
  usage: OpenAiUsage,
});
export type OpenAiChatCompletion = z.infer<typeof OpenAiChatCompletion>;

/** With `stream` true: one of these per `data:` event, then `data: [DONE]`. */
export interface OpenAiChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: number;
    delta: {
      role?: 'assistant';
      content?: string;
      tool_calls?: (Partial<OpenAiToolCall> & { index: number })[];
    };
    finish_reason: OpenAiFinishReason | null;
    logprobs: null;
  }[];
  /** Only on the last chunk, when `stream_options.include_usage` (its `choices` empty). */
  usage?: OpenAiUsage;
}

/** Every refusal of the OpenAI-compatible API, in OpenAI's shape. */
export const OpenAiErrorResponse = z.object({
  error: z.object({
    message: z.string().max(10_000),
    type: z.string().max(100),
    code: z.string().max(100).nullable(),
    param: z.string().max(200).nullable(),
  }),
});
export type OpenAiErrorResponse = z.infer<typeof OpenAiErrorResponse>;
