import { maxRateCents, toCents, type RateLimit, type RateLimitPeriod } from '@app/contracts';

/** The most digits the rate field takes: at most 8 characters. */
export const maxRateDigits = String(maxRateCents).length;

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A rate in dollars as the field shows it: '$12.34', '$1,234.56'. */
export const formatRate = (rate: number): string => dollars.format(toCents(rate) / 100);

/**
 * What the admin typed or pasted, read as digits only: the digits are cents ('1234' is 12.34
 * dollars, '$12.345' is 123.45). Null when that makes more than 8 digits (the field refuses it).
 */
export const rateFromInput = (raw: string): number | null => {
  const digits = raw.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length > maxRateDigits) return null;
  return digits === '' ? 0 : Number(digits) / 100;
};

/** The digit typed at the end of the field: the cents shift left ($1.23 then 4 gives $12.34). */
export const appendDigit = (rate: number, digit: string): number | null => {
  const cents = toCents(rate);
  return rateFromInput(`${cents === 0 ? '' : String(cents)}${digit}`);
};

/** Backspace: the last digit goes ($12.34 gives $1.23). */
export const dropDigit = (rate: number): number => Math.floor(toCents(rate) / 10) / 100;

/** Another period: Unlimited has no rate; a limited period keeps the rate it had (0 at first). */
export const withPeriod = (limit: RateLimit, period: RateLimitPeriod): RateLimit =>
  period === 'Unlimited' ? { period, rate: null } : { period, rate: limit.rate ?? 0 };

/** A new rate for a limited period; Unlimited has none to change. */
export const withRate = (limit: RateLimit, update: (rate: number) => number): RateLimit =>
  limit.period === 'Unlimited' ? limit : { period: limit.period, rate: update(limit.rate ?? 0) };

const units: Record<Exclude<RateLimitPeriod, 'Unlimited'>, string> = {
  Hourly: 'per hour',
  Daily: 'per day',
  Monthly: 'per month',
  Total: 'in total',
};

/** What the rate is counted over, next to the field. */
export const periodUnit = (period: RateLimitPeriod): string => (period === 'Unlimited' ? '' : units[period]);

/** A rate limit in words: 'Unlimited', '$12.34 per day'. */
export const describeRateLimit = (limit: RateLimit): string =>
  limit.period === 'Unlimited' ? 'Unlimited' : `${formatRate(limit.rate ?? 0)} ${periodUnit(limit.period)}`;
