import { costOf, type ChatStopReason, type Model } from '@app/contracts';

export type Prices = Pick<Model, 'inputTokenCost' | 'outputTokenCost' | 'cachedTokenCost'>;

/** What a request may spend at the provider: what was reserved for it, at the model's prices. */
export interface CallBudget {
  /** Dollars reserved for the whole request (every call a tool loop may make). */
  reserved: number;
  prices: Prices;
  /** Output tokens one call may stream, as bounded (`outputBoundTokens(max_tokens)`). */
  maxOutput: number;
}

/** Tokens as bounded (token-bound.ts): what was sent and what streamed. */
export interface BoundTokens {
  inputTokens: number;
  outputTokens: number;
}

export const noBoundTokens = (): BoundTokens => ({ inputTokens: 0, outputTokens: 0 });

export const addBound = (a: BoundTokens, b: BoundTokens): BoundTokens => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
});

/** The dollars of bounded tokens: every input token at the full price (none counted as cached). */
export const boundCost = (prices: Prices, tokens: BoundTokens): number =>
  costOf(prices, { ...tokens, cachedTokens: 0 });

/** What one call may stream, and the stop reason once it has: `max_tokens`, or what is left reserved. */
export interface CallAllowance {
  output: number;
  reason: Exclude<ChatStopReason, 'user'>;
}

/** Reservations and costs are sums of float products: a hair of slack, far below a token. */
const slack = 1e-6;

/**
 * What the next call may stream, given the bound of the calls before it (`used`) and of its own
 * input: `max_tokens` when the reservation still covers it, else the output tokens what is left
 * pays for (0: the call is not made).
 */
export const allowanceOf = (budget: CallBudget, used: BoundTokens, inputTokens: number): CallAllowance => {
  const left = budget.reserved - boundCost(budget.prices, addBound(used, { inputTokens, outputTokens: 0 }));
  const perToken = budget.prices.outputTokenCost / 1000;
  if (perToken <= 0)
    return left >= -slack
      ? { output: budget.maxOutput, reason: 'maxTokens' }
      : { output: 0, reason: 'reservation' };
  const affordable = Math.floor(left / perToken + slack);
  return affordable >= budget.maxOutput
    ? { output: budget.maxOutput, reason: 'maxTokens' }
    : { output: Math.max(0, affordable), reason: 'reservation' };
};

/** No budget (a provider call outside a chat request's reservation, in tests): nothing is stopped. */
export const unlimitedAllowance: CallAllowance = { output: Number.POSITIVE_INFINITY, reason: 'maxTokens' };
