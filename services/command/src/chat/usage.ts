import { costOf, type ChatUsage } from '@app/contracts';
import type { BoundTokens, Prices } from './call-budget';

/** Tokens of a request, before its cost. */
export type Tokens = Omit<ChatUsage, 'cost'>;

/** The dollars of a call at its worst: every input token at the full price, every output token allowed. */
export const worstCaseCost = (model: Prices, inputTokens: number, outputTokens: number): number =>
  costOf(model, { inputTokens, outputTokens, cachedTokens: 0 });

/**
 * The usage a request is settled with: its tokens as counted, their cost at the model's prices but
 * never more than was reserved (`reserved`), so a settlement cannot pass a limit the reservation
 * was checked against. The tokens stay what the provider reported.
 */
export const settledUsage = (model: Prices, tokens: Tokens, reserved: number): ChatUsage => ({
  ...tokens,
  cost: Math.min(costOf(model, tokens), reserved),
});

/** What the AI SDK reports (any field may be missing). */
export interface ReportedUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  inputTokenDetails?: { cacheReadTokens: number | undefined };
  cachedInputTokens?: number | undefined;
}

const count = (n: number | undefined): number | undefined =>
  n !== undefined && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;

/**
 * The tokens used: the provider's figures where it gave them (a finished answer), else the bound of
 * what was sent and streamed (token-bound.ts: an answer stopped or broken off, whose provider sent
 * no usage, is charged at most what it may have cost).
 */
export const tokensUsed = (reported: ReportedUsage | undefined, bound: BoundTokens): Tokens => {
  const inputTokens = count(reported?.inputTokens) ?? bound.inputTokens;
  const cached =
    count(reported?.inputTokenDetails?.cacheReadTokens) ?? count(reported?.cachedInputTokens) ?? 0;
  return {
    inputTokens,
    outputTokens: count(reported?.outputTokens) ?? bound.outputTokens,
    cachedTokens: Math.min(cached, inputTokens),
  };
};

/** Tokens with a bound added (calls that reached a provider and broke before answering). */
export const plusBound = (tokens: Tokens, bound: BoundTokens | undefined): Tokens =>
  bound
    ? {
        ...tokens,
        inputTokens: tokens.inputTokens + bound.inputTokens,
        outputTokens: tokens.outputTokens + bound.outputTokens,
      }
    : tokens;
