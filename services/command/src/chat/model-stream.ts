import type {
  LanguageModelV3,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3ToolCall,
  LanguageModelV3ToolChoice,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import {
  allowanceOf,
  noBoundTokens,
  unlimitedAllowance,
  type BoundTokens,
  type CallAllowance,
} from './call-budget';
import type { GenerationRequest } from './generation-request';
import { cutToBytes, inputBoundOf, outputBoundOf } from './token-bound';
import type { ReportedUsage } from './usage';

/**
 * The request as the provider interface of the AI SDK takes it (`LanguageModelV3Prompt`): the system
 * prompt, then the conversation's texts, a user message's images as file parts of their image type
 * (each provider sends them its way: OpenAI's an `image_url` data URL). The relay sends nothing else,
 * so this is the whole conversion `streamText` would make.
 */
export const promptOf = (
  request: Pick<GenerationRequest, 'system' | 'messages' | 'clientTools'>,
): LanguageModelV3Prompt => {
  const prompt: LanguageModelV3Prompt = request.system ? [{ role: 'system', content: request.system }] : [];
  if (request.clientTools) return [...prompt, ...request.clientTools.conversation];
  for (const m of request.messages) {
    const text = textOf(m);
    if (m.role === 'user') prompt.push({ role: 'user', content: [{ type: 'text', text }, ...imagesOf(m)] });
    else if (m.role === 'assistant') prompt.push({ role: 'assistant', content: [{ type: 'text', text }] });
  }
  return prompt;
};

type UserPart = Extract<LanguageModelV3Prompt[number], { role: 'user' }>['content'][number];

/** A user message's image parts (bytes and their type), as file parts. */
const imagesOf = (m: ModelMessage): UserPart[] =>
  m.role !== 'user' || typeof m.content === 'string'
    ? []
    : m.content.flatMap((part): UserPart[] =>
        part.type === 'image' && part.image instanceof Uint8Array && part.mediaType !== undefined
          ? [{ type: 'file', data: part.image, mediaType: part.mediaType }]
          : [],
      );

const textOf = (m: ModelMessage): string =>
  typeof m.content === 'string'
    ? m.content
    : m.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

/** The provider's usage as the relay reads it. */
export const reportedUsageOf = (usage: LanguageModelV3Usage): ReportedUsage => ({
  inputTokens: usage.inputTokens.total,
  outputTokens: usage.outputTokens.total,
  cachedInputTokens: usage.inputTokens.cacheRead,
});

export interface StreamedAnswer {
  answer: string;
  reported: ReportedUsage | undefined;
  finished: boolean;
  error: unknown;
  /** The bound of what was sent and streamed (token-bound.ts): what a stopped answer is charged. */
  bound: BoundTokens;
  /** Stopped by its allowance (its `max_tokens`, or what was reserved), its provider call aborted. */
  limited?: CallAllowance['reason'] | undefined;
  /** The calls of a client's tools the model made (`clientTools`): handed back, never run. */
  calls?: LanguageModelV3ToolCall[] | undefined;
}

/** What one step streamed: its text, tool calls, usage, bound, how it ended. */
export interface ModelStep {
  text: string;
  calls: LanguageModelV3ToolCall[];
  reported: ReportedUsage | undefined;
  finished: boolean;
  error: unknown;
  /** The output streamed, as bounded. */
  output: number;
  /** The allowance's reason once the output reached it (the call was aborted there). */
  limited: CallAllowance['reason'] | undefined;
}

/** A step before anything came: no text, no call, no usage, nothing counted. */
export const emptyStep = (): ModelStep => ({
  text: '',
  calls: [],
  reported: undefined,
  finished: false,
  error: undefined,
  output: 0,
  limited: undefined,
});

/** An answer before anything came (or whose call was refused): nothing streamed, nothing counted. */
export const emptyAnswer = (): StreamedAnswer => ({
  answer: '',
  reported: undefined,
  finished: false,
  error: undefined,
  bound: noBoundTokens(),
  limited: undefined,
});

/**
 * Streams one call through the provider's own `doStream` (the AI SDK's provider interface), handing
 * each text delta on as it comes and collecting the tool calls (when `tools` are offered). Its output
 * is counted as it streams (token-bound.ts: text, reasoning and tool-call bytes; a counter, nothing
 * kept): once it reaches `allowance` the call is aborted and the step is `limited`. A refusal before
 * the stream throws; an error after it is in `error`, with what came so far.
 */
export const streamStep = async (
  model: LanguageModelV3,
  request: GenerationRequest,
  prompt: LanguageModelV3Prompt,
  tools: LanguageModelV3FunctionTool[] | undefined,
  signal: AbortSignal,
  onDelta: (text: string) => void,
  allowance: CallAllowance = unlimitedAllowance,
  toolChoice: LanguageModelV3ToolChoice = { type: 'auto' },
): Promise<ModelStep> => {
  const step = emptyStep();
  const limit = new AbortController();
  const { stream } = await model.doStream({
    prompt,
    temperature: request.temperature,
    maxOutputTokens: request.maxOutputTokens,
    ...(tools ? { tools, toolChoice } : {}),
    ...(request.providerOptions ? { providerOptions: request.providerOptions } : {}),
    abortSignal: AbortSignal.any([signal, limit.signal]),
  });
  const reader = stream.getReader();
  const streamedCalls = new Set<string>();
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      // What goes on of a text chunk is cut at the allowance; what came is counted whole.
      const before = step.output;
      step.output += outputBoundOf(part, streamedCalls);
      if (part.type === 'text-delta' && part.delta !== '') {
        const text =
          step.output > allowance.output ? cutToBytes(part.delta, allowance.output - before) : part.delta;
        if (text !== '') {
          step.text += text;
          onDelta(text);
        }
      } else if (part.type === 'tool-call' && !part.providerExecuted) step.calls.push(part);
      else if (part.type === 'finish') {
        step.finished = true;
        step.reported = reportedUsageOf(part.usage);
      } else if (part.type === 'error') step.error ??= part.error;
      if (step.output >= allowance.output && !step.finished) {
        // What came is kept (and charged); the provider is told to stop at once.
        step.limited = allowance.reason;
        limit.abort();
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
  } catch (e) {
    step.error ??= e;
  } finally {
    reader.releaseLock();
  }
  return step;
};

/**
 * One call without tools (the relay's usual path). `streamText` adds a second pipeline of web streams
 * over `doStream` (retries, tools, steps, telemetry) that the relay does not use; per token it cost
 * about as much again as the provider's own parsing, and it delayed the first token.
 */
export const streamAnswer = async (
  model: LanguageModelV3,
  request: GenerationRequest,
  signal: AbortSignal,
  onDelta: (text: string) => void,
): Promise<StreamedAnswer> => {
  const prompt = promptOf(request);
  const client = request.clientTools;
  const offered = client && client.definitions.length > 0 ? client.definitions : undefined;
  const inputTokens = inputBoundOf(prompt, offered);
  const allowance = request.budget
    ? allowanceOf(request.budget, noBoundTokens(), inputTokens)
    : unlimitedAllowance;
  // The reservation cannot pay for a token of answer (its passages took it all): nothing is asked.
  if (allowance.output <= 0) return notAsked(allowance.reason);
  const step = await streamStep(model, request, prompt, offered, signal, onDelta, allowance, client?.choice);
  return {
    ...(offered ? { calls: step.calls } : {}),
    answer: step.text,
    reported: step.reported,
    finished: step.finished,
    error: step.error,
    bound: { inputTokens, outputTokens: step.output },
    limited: step.limited,
  };
};

/** An answer stopped before its call was made: what was left reserved could not pay for one token. */
export const notAsked = (reason: CallAllowance['reason']): StreamedAnswer => ({
  ...emptyAnswer(),
  limited: reason,
});
