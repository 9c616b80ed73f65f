import { costOf, type ChatUsage, type Model } from '@app/contracts';

/** Tokens of a request, before its cost. */
export type Tokens = Omit<ChatUsage, 'cost'>;

/** A rough count where the provider gave none: characters / 4, rounded up. */
/** The estimated tokens of `chars` characters of text (about four a token). */
export const tokensOfChars = (chars: number): number => Math.ceil(chars / 4);

export const estimateTokens = (text: string): number => tokensOfChars(text.length);

/** The estimated input tokens of what is sent: every message's text. */
export const estimateInputTokens = (texts: readonly string[]): number => estimateTokens(texts.join(''));

type Prices = Pick<Model, 'inputTokenCost' | 'outputTokenCost' | 'cachedTokenCost'>;

/** The dollars reserved before the call: the input as estimated and every token `maxTokens` allows. */
export const worstCaseCost = (model: Prices, inputTokens: number, maxTokens: number): number =>
  costOf(model, { inputTokens, outputTokens: maxTokens, cachedTokens: 0 });

export const withCost = (model: Prices, tokens: Tokens): ChatUsage => ({
  ...tokens,
  cost: costOf(model, tokens),
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
 * The tokens used: the provider's figures where it gave them (a finished answer), else estimates of
 * what was sent and what came back (an answer stopped or broken off: the provider sent no usage).
 */
export const tokensUsed = (
  reported: ReportedUsage | undefined,
  estimate: { inputTokens: number; answer: string },
): Tokens => {
  const inputTokens = count(reported?.inputTokens) ?? estimate.inputTokens;
  const cached =
    count(reported?.inputTokenDetails?.cacheReadTokens) ?? count(reported?.cachedInputTokens) ?? 0;
  return {
    inputTokens,
    outputTokens: count(reported?.outputTokens) ?? estimateTokens(estimate.answer),
    cachedTokens: Math.min(cached, inputTokens),
  };
};

export const noTokens = (): Tokens => ({ inputTokens: 0, outputTokens: 0, cachedTokens: 0 });
