/** The model selector's legend: cost tiers and output-limit tiers. */
export type CostTier = 'cheap' | 'moderate' | 'expensive';
export type OutputLimitTier = 'large' | 'average' | 'below average';

const tierRank: Record<CostTier, number> = { cheap: 0, moderate: 1, expensive: 2 };

/** Input cost per 1k tokens: under 0.001 cheap, up to 0.01 moderate, above expensive. */
export const inputCostTier = (cost: number): CostTier =>
  cost < 0.001 ? 'cheap' : cost <= 0.01 ? 'moderate' : 'expensive';

/** Output cost per 1k tokens: under 0.005 cheap, up to 0.02 moderate, above expensive. */
export const outputCostTier = (cost: number): CostTier =>
  cost < 0.005 ? 'cheap' : cost <= 0.02 ? 'moderate' : 'expensive';

/** The overall tier is the worse of the two. */
export const costTier = (m: { inputTokenCost: number; outputTokenCost: number }): CostTier => {
  const a = inputCostTier(m.inputTokenCost);
  const b = outputCostTier(m.outputTokenCost);
  return tierRank[a] >= tierRank[b] ? a : b;
};

/** At least 100,000 large; 4,096 to 100,000 average; under 4,096 below average. */
export const outputLimitTier = (outputTokenLimit: number): OutputLimitTier =>
  outputTokenLimit >= 100_000 ? 'large' : outputTokenLimit >= 4_096 ? 'average' : 'below average';

export const costTierLegend: Record<CostTier, string> = {
  cheap: 'Input under $0.001 and output under $0.005 per 1k tokens',
  moderate: 'Input up to $0.01 and output up to $0.02 per 1k tokens',
  expensive: 'Input above $0.01 or output above $0.02 per 1k tokens',
};

export const outputLimitLegend: Record<OutputLimitTier, string> = {
  large: 'At least 100,000 output tokens',
  average: '4,096 to 100,000 output tokens',
  'below average': 'Under 4,096 output tokens',
};

/** Dollars for a request's tokens at the model's prices per 1k tokens (cached input at the cached price). */
export const costOf = (
  m: { inputTokenCost: number; outputTokenCost: number; cachedTokenCost: number },
  usage: { inputTokens: number; outputTokens: number; cachedTokens: number },
): number => {
  const fresh = Math.max(0, usage.inputTokens - usage.cachedTokens);
  return (
    (fresh * m.inputTokenCost +
      usage.cachedTokens * m.cachedTokenCost +
      usage.outputTokens * m.outputTokenCost) /
    1000
  );
};
