import { z } from 'zod';

/** The periods of the rate-limit selector. */
export const rateLimitPeriods = ['Unlimited', 'Daily', 'Hourly', 'Monthly', 'Total'] as const;
export const RateLimitPeriod = z.enum(rateLimitPeriods);
export type RateLimitPeriod = z.infer<typeof RateLimitPeriod>;

/**
 * The rate-limit selector takes digits only, at most 8 characters, shown as
 * dollars and cents: the digits typed are the amount in cents ('12345' shows $123.45). So a rate
 * is a non-negative amount of dollars with at most 2 decimals whose cents form has at most 8
 * digits: 0 to 999,999.99.
 */
export const maxRateCents = 99_999_999;

/** Whether a non-negative amount is a whole number of cents (0.07 * 100 is 7.000000000000001). */
export const isWholeCents = (amount: number): boolean =>
  Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/** The cents form of an amount of dollars ('12345' for 123.45), as the selector's digits show it. */
export const toCents = (amount: number): number => Math.round(amount * 100);

export const RateAmount = z
  .number()
  .nonnegative('must not be negative')
  .refine(isWholeCents, 'must be dollars and cents (at most 2 decimals)')
  .refine((n) => toCents(n) <= maxRateCents, 'must have at most 8 digits in cents (at most 999999.99)');

/**
 * A rate limit: `rate` in dollars per period, `null` when the period is Unlimited (as the
 * chat side reads it). On input an Unlimited limit may also carry the Admin Interface's `rate: 0`; it is
 * stored and read back as `null`. Every other period needs a rate (0 blocks all use).
 */
export const RateLimit = z
  .object({ period: RateLimitPeriod, rate: RateAmount.nullable() })
  .superRefine((limit, ctx) => {
    if (limit.period === 'Unlimited' && limit.rate !== null && limit.rate !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['rate'],
        message: 'must be 0 or null when the period is Unlimited',
      });
    }
    if (limit.period !== 'Unlimited' && limit.rate === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['rate'],
        message: `is required when the period is ${limit.period}`,
      });
    }
  });
export type RateLimit = z.infer<typeof RateLimit>;

/** The default: Unlimited (rate 0 as the Admin Interface sends it, null here). */
export const unlimitedRateLimit = (): RateLimit => ({ period: 'Unlimited', rate: null });

/** One representation per limit: an Unlimited limit's rate is null, any other rate whole cents. */
export const normaliseRateLimit = (limit: RateLimit): RateLimit =>
  limit.period === 'Unlimited'
    ? unlimitedRateLimit()
    : { period: limit.period, rate: limit.rate === null ? null : toCents(limit.rate) / 100 };

/**
 * Lifts the legacy form of a group's rate limit: a plain number is a daily rate in dollars, nothing
 * at all is Unlimited; a rate limit object is answered normalised.
 */
export const rateLimitOf = (legacy: RateLimit | number | null | undefined): RateLimit => {
  if (typeof legacy === 'number') return { period: 'Daily', rate: legacy };
  if (legacy === undefined || legacy === null) return unlimitedRateLimit();
  return normaliseRateLimit(legacy);
};

/** A rate limit as a field of a saved object: legacy numbers and a missing limit are accepted. */
export const LegacyRateLimit = z.preprocess(
  (v) => (typeof v === 'number' || v === undefined || v === null ? rateLimitOf(v) : v),
  RateLimit,
);

export const sameRateLimit = (a: RateLimit, b: RateLimit): boolean => {
  const x = normaliseRateLimit(a);
  const y = normaliseRateLimit(b);
  return x.period === y.period && x.rate === y.rate;
};
