import type { LanguageModelV3, LanguageModelV3Prompt, LanguageModelV3Usage } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import type { GenerationRequest } from './generate';
import type { ReportedUsage } from './usage';

/**
 * The request as the provider interface of the AI SDK takes it (`LanguageModelV3Prompt`): the system
 * prompt, then the conversation's texts. The relay sends text only, so this is the whole conversion
 * `streamText` would make.
 */
export const promptOf = (request: Pick<GenerationRequest, 'system' | 'messages'>): LanguageModelV3Prompt => {
  const prompt: LanguageModelV3Prompt = request.system ? [{ role: 'system', content: request.system }] : [];
  for (const m of request.messages) {
    const text = textOf(m);
    if (m.role === 'user') prompt.push({ role: 'user', content: [{ type: 'text', text }] });
    else if (m.role === 'assistant') prompt.push({ role: 'assistant', content: [{ type: 'text', text }] });
  }
  return prompt;
};

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
}

/**
 * Streams one call through the provider's own `doStream` (the AI SDK's provider interface), handing
 * each text delta on as it comes. A refusal before the stream throws; an error after it is in `error`,
 * with the answer so far. `streamText` adds a second pipeline of web streams over this one
 * (retries, tools, steps, telemetry) that the relay does not use; per token it cost about as much
 * again as the provider's own parsing, and it delayed the first token.
 */
export const streamAnswer = async (
  model: LanguageModelV3,
  request: GenerationRequest,
  signal: AbortSignal,
  onDelta: (text: string) => void,
): Promise<StreamedAnswer> => {
  const out: StreamedAnswer = { answer: '', reported: undefined, finished: false, error: undefined };
  const { stream } = await model.doStream({
    prompt: promptOf(request),
    temperature: request.temperature,
    maxOutputTokens: request.maxOutputTokens,
    ...(request.providerOptions ? { providerOptions: request.providerOptions } : {}),
    abortSignal: signal,
  });
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      if (part.type === 'text-delta') {
        if (part.delta === '') continue;
        out.answer += part.delta;
        onDelta(part.delta);
      } else if (part.type === 'finish') {
        out.finished = true;
        out.reported = reportedUsageOf(part.usage);
      } else if (part.type === 'error') out.error ??= part.error;
    }
  } catch (e) {
    // A body that breaks off (or a stop) ends the read: what came so far is kept.
    out.error ??= e;
  } finally {
    reader.releaseLock();
  }
  return out;
};
