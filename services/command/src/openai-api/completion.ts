import type {
  ChatChunk,
  ChatStopReason,
  ChatUsage,
  OpenAiChatCompletion,
  OpenAiChatCompletionChunk,
  OpenAiFinishReason,
  OpenAiToolCall,
  OpenAiUsage,
} from '@app/contracts';

/** What every chunk and the whole answer of one request repeat. */
export interface CompletionHead {
  /** The request's id (the server's): `chatcmpl-<uuid>`. */
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
}

/** The relay's chunks of one answer, folded: its text, why it stopped, its usage, a failure. */
export interface CompletionState {
  content: string;
  stopped?: ChatStopReason;
  usage?: ChatUsage;
  /** The provider failed (the relay's `{s:"error"}`): its words. */
  error?: string;
  /** The calls of the client's tools the model made. */
  toolCalls: OpenAiToolCall[];
  ended: boolean;
}

export const emptyCompletion = (): CompletionState => ({ content: '', toolCalls: [], ended: false });

const toolCallOf = (chunk: Extract<ChatChunk, { s: 'tool' }>): OpenAiToolCall => ({
  id: chunk.d.id,
  type: 'function',
  function: { name: chunk.d.name, arguments: chunk.d.arguments },
});

export const foldCompletion = (state: CompletionState, chunk: ChatChunk): CompletionState => {
  if (chunk.s === 'answer') return { ...state, content: state.content + chunk.d };
  if (chunk.s === 'error') return { ...state, error: chunk.d };
  if (chunk.s === 'tool') return { ...state, toolCalls: [...state.toolCalls, toolCallOf(chunk)] };
  if (chunk.s === 'result') return { ...state, ended: true };
  if ('stopped' in chunk) return { ...state, stopped: chunk.stopped };
  if ('usage' in chunk) return { ...state, usage: chunk.usage };
  return state;
};

/**
 * A stop at `max_tokens` or at the reservation is OpenAI's `length`; an answer calling the client's
 * tools, `tool_calls`; a finished answer or a user's stop, `stop`.
 */
export const finishReasonOf = (
  stopped: ChatStopReason | undefined,
  toolCalls: readonly OpenAiToolCall[] = [],
): OpenAiFinishReason =>
  stopped === 'maxTokens' || stopped === 'reservation'
    ? 'length'
    : toolCalls.length > 0
      ? 'tool_calls'
      : 'stop';

export const openaiUsageOf = (usage: ChatUsage | undefined): OpenAiUsage => {
  const prompt = usage?.inputTokens ?? 0;
  const completion = usage?.outputTokens ?? 0;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: usage?.cachedTokens ?? 0 },
  };
};

/** The whole answer (`stream` false). */
export const completionOf = (head: CompletionHead, state: CompletionState): OpenAiChatCompletion => ({
  id: head.id,
  object: 'chat.completion',
  created: head.created,
  model: head.model,
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: state.content === '' && state.toolCalls.length > 0 ? null : state.content,
        refusal: null,
        ...(state.toolCalls.length > 0 ? { tool_calls: state.toolCalls } : {}),
      },
      finish_reason: finishReasonOf(state.stopped, state.toolCalls),
      logprobs: null,
    },
  ],
  usage: openaiUsageOf(state.usage),
});

export const completionChunk = (
  head: CompletionHead,
  delta: OpenAiChatCompletionChunk['choices'][number]['delta'],
  finish: OpenAiFinishReason | null = null,
): OpenAiChatCompletionChunk => ({
  id: head.id,
  object: 'chat.completion.chunk',
  created: head.created,
  model: head.model,
  choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
});

const usageChunk = (head: CompletionHead, usage: ChatUsage | undefined): OpenAiChatCompletionChunk => ({
  id: head.id,
  object: 'chat.completion.chunk',
  created: head.created,
  model: head.model,
  choices: [],
  usage: openaiUsageOf(usage),
});

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

/**
 * The relay's chunks as OpenAI's server-sent events, one chunk at a time (a closure over the answer
 * so far): the assistant's role first, a `delta.content` per text chunk, then the chunk with the
 * `finish_reason` (a `delta.tool_calls` chunk per call of the client's tools before it), the usage chunk (`include_usage`), `data: [DONE]`. A provider failure is an
 * `{error}` event (the `openai` client throws it) and nothing follows it.
 */
export const completionStream = (head: CompletionHead, includeUsage: boolean) => {
  let state = emptyCompletion();
  let started = false;
  return (chunk: ChatChunk): string => {
    const before = state;
    state = foldCompletion(state, chunk);
    if (before.error !== undefined) return '';
    const opening = started ? '' : data(completionChunk(head, { role: 'assistant', content: '' }));
    started = true;
    if (chunk.s === 'answer') return opening + data(completionChunk(head, { content: chunk.d }));
    if (chunk.s === 'tool') {
      const call = toolCallOf(chunk);
      const index = state.toolCalls.length - 1;
      return opening + data(completionChunk(head, { tool_calls: [{ index, ...call }] }));
    }
    if (chunk.s === 'error')
      return (
        opening +
        data({ error: { message: chunk.d, type: 'server_error', code: 'provider_failed', param: null } })
      );
    if (chunk.s !== 'result') return opening;
    const finish = data(completionChunk(head, {}, finishReasonOf(state.stopped, state.toolCalls)));
    const usage = includeUsage ? data(usageChunk(head, state.usage)) : '';
    return `${opening}${finish}${usage}data: [DONE]\n\n`;
  };
};
