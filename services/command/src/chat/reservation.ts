import type { ChatRequest, Model } from '@app/contracts';
import type { ResolvedAssistant } from './assistant-chat';
import { retrievalTokenAllowance } from './retrieval';
import { defaultToolSteps, maxToolCallsPerStep, toolResultChars } from './tool-loop';
import { estimateInputTokens, tokensOfChars, worstCaseCost } from './usage';

export interface Reservation {
  /** The input tokens of the first call, as estimated. */
  inputTokens: number;
  /** The dollars reserved: the worst case of every call the request may make. */
  amount: number;
}

const toolResultTokens = tokensOfChars(toolResultChars) * maxToolCallsPerStep;

/**
 * What a request reserves before it reaches the provider: every text sent (the messages, the model's
 * additional system prompt, the assistant's instructions), room for passages when it has documents
 * (its own or its assistant's) and `max_tokens` out. With an assistant's tools the model may be asked
 * up to `defaultToolSteps` times, each time with everything before (earlier answers and tool results,
 * both bounded): each of those calls is counted at its worst, so a burst never spends past a limit.
 */
export const reservationOf = (
  request: ChatRequest,
  model: Model,
  assistant: Pick<ResolvedAssistant, 'instructions' | 'tools' | 'documentKeys'> | undefined,
): Reservation => {
  const documents = request.dataSources.length > 0 || (assistant?.documentKeys.length ?? 0) > 0;
  const inputTokens =
    estimateInputTokens([
      ...request.messages.map((m) => m.content),
      model.systemPrompt,
      assistant?.instructions ?? '',
    ]) + (documents ? retrievalTokenAllowance : 0);
  const steps = assistant && assistant.tools.length > 0 ? defaultToolSteps : 1;
  let amount = 0;
  for (let step = 0; step < steps; step++) {
    const earlier = step * (request.max_tokens + toolResultTokens);
    amount += worstCaseCost(model, inputTokens + earlier, request.max_tokens);
  }
  return { inputTokens, amount };
};
