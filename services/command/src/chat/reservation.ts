import type { CallBudget, Prices } from './call-budget';
import type { GenerationRequest } from './generation-request';
import { promptOf } from './model-stream';
import { retrievalTokenAllowance } from './retrieval';
import { inputBoundOf, messageOverheadTokens, outputBoundTokens, toolOverheadTokens } from './token-bound';
import { maxToolCallsPerStep } from './tool-loop';
import { toolResultBytes } from './tool-results';
import { worstCaseCost } from './usage';

export interface Reservation {
  /** The input tokens of the first call, as bounded. */
  inputTokens: number;
  /** The dollars reserved: the worst case of every call the request may make. */
  amount: number;
  /** What the generation counts its calls against. */
  budget: CallBudget;
}

/**
 * What a step of a tool loop adds to the next one's input, at most: the step's output, and the
 * results of the calls it may run, each in a message of its own.
 */
const toolStepTokens = (maxOutput: number): number =>
  maxOutput +
  messageOverheadTokens +
  maxToolCallsPerStep * (toolResultBytes + toolOverheadTokens + messageOverheadTokens);

/**
 * What a request reserves before it reaches the provider, by bounds that cannot undercount
 * (token-bound.ts): the UTF-8 bytes of everything it sends (the system prompt with the model's
 * additional one and the assistant's instructions, the messages, the tools' definitions) with the
 * template's tokens around them, each image sent at `imageTokenBound` (chat-images.ts: 1,600, the most
 * the providers document for one image), room for passages when it retrieves documents, and `max_tokens` of
 * output as its bound. With tools the model may be asked up to `maxSteps` times, each time with
 * everything before (earlier outputs and tool results, both bounded): each call is counted at its
 * worst, so a burst never spends past a limit. The generation is held to it (`budget`).
 */
export const reservationOf = (asked: GenerationRequest, model: Prices, documents: boolean): Reservation => {
  const tools = asked.tools;
  const inputTokens =
    inputBoundOf(promptOf(asked), tools?.definitions ?? asked.clientTools?.definitions) +
    (documents ? retrievalTokenAllowance : 0);
  const maxOutput = outputBoundTokens(asked.maxOutputTokens);
  const steps = tools ? tools.maxSteps : 1;
  let amount = 0;
  for (let step = 0; step < steps; step++)
    amount += worstCaseCost(model, inputTokens + step * toolStepTokens(maxOutput), maxOutput);
  return { inputTokens, amount, budget: { reserved: amount, prices: model, maxOutput } };
};
