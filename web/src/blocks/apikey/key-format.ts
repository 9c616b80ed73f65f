import { apiKeyAccessLabels, type ApiKeyAccessType, type RateLimit } from '@app/contracts';

/** How a block shows a key's fields. */
export const accessText = (types: readonly ApiKeyAccessType[]): string =>
  types.map((t) => apiKeyAccessLabels[t]).join(', ');

export const rateText = (limit: RateLimit): string =>
  limit.period === 'Unlimited' || limit.rate === null
    ? 'Unlimited'
    : `$${limit.rate.toFixed(2)} ${limit.period}`;

export const expiryText = (date: string | null): string => date ?? 'Never';
