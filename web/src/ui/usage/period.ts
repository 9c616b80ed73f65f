import { usageBounds, usageMessages, usageScreenMessages } from '@app/contracts';

/** The period picker's choices. */
export const periodChoices = [
  ['24h', 'Last 24 hours'],
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['90d', 'Last 90 days'],
  ['custom', 'Custom'],
] as const;
export type PeriodChoice = (typeof periodChoices)[number][0];

export type Bucket = 'day' | 'hour';

/** What the picker holds: the choice, the custom days (YYYY-MM-DD, both included) and the buckets. */
export interface PeriodState {
  choice: PeriodChoice;
  customFrom: string;
  customTo: string;
  bucket: Bucket;
}

/** A period the API can be asked about: [from, to) and its buckets. */
export interface ResolvedPeriod {
  from: string;
  to: string;
  bucket: Bucket;
  /** Every bucket's key in the period, in order (as the API keys its rows by day or hour). */
  keys: string[];
}

const hourMs = 3600 * 1000;
const dayMs = 24 * hourMs;
const day = (at: Date): string => at.toISOString().slice(0, 10);
const dayStart = (at: Date): Date => new Date(`${day(at)}T00:00:00.000Z`);
const lastDays: Record<Exclude<PeriodChoice, '24h' | 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The picker's first state: the last 7 days by day; the custom days default to that week. */
export const initialPeriod = (now: Date): PeriodState => ({
  choice: '7d',
  customFrom: day(new Date(dayStart(now).getTime() - 6 * dayMs)),
  customTo: day(now),
  bucket: 'day',
});

/** The buckets a choice starts with: hours for a day, days otherwise. */
export const bucketOf = (choice: PeriodChoice): Bucket => (choice === '24h' ? 'hour' : 'day');

const bucketKeys = (from: Date, to: Date, bucket: Bucket): string[] => {
  const step = bucket === 'hour' ? hourMs : dayMs;
  const keys: string[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += step) {
    const at = new Date(t);
    keys.push(bucket === 'hour' ? at.toISOString() : day(at));
  }
  return keys;
};

const span = (from: Date, to: Date, bucket: Bucket): ResolvedPeriod | string => {
  const days = (to.getTime() - from.getTime()) / dayMs;
  if (bucket === 'hour' && days > usageBounds.maxHourDays)
    return usageScreenMessages.hourTooLong(usageBounds.maxHourDays);
  if (days > usageBounds.maxDays) return usageMessages.tooLong(usageBounds.maxDays);
  const iso = (at: Date) => (bucket === 'hour' ? at.toISOString() : day(at));
  return { from: iso(from), to: iso(to), bucket, keys: bucketKeys(from, to, bucket) };
};

/**
 * The period to ask about, at `now`: the last 24 hours in whole hours (this one included), the last
 * N days in whole UTC days (today included), or the custom days (both included); a message when the
 * custom days are missing or out of order, or hours are asked over too long a period.
 */
export function resolvePeriod(state: PeriodState, now: Date): ResolvedPeriod | string {
  const hourEnd = new Date(Math.floor(now.getTime() / hourMs) * hourMs + hourMs);
  const dayEnd = new Date(dayStart(now).getTime() + dayMs);
  // Hourly buckets start on the hour either way; daily ones on a UTC day.
  const end = state.bucket === 'hour' ? hourEnd : dayEnd;
  if (state.choice === '24h') {
    const from = new Date(hourEnd.getTime() - 24 * hourMs);
    return span(state.bucket === 'hour' ? from : dayStart(from), end, state.bucket);
  }
  if (state.choice !== 'custom')
    return span(new Date(dayEnd.getTime() - lastDays[state.choice] * dayMs), dayEnd, state.bucket);
  if (!state.customFrom || !state.customTo) return usageScreenMessages.customIncomplete;
  const from = new Date(`${state.customFrom}T00:00:00.000Z`);
  const to = new Date(new Date(`${state.customTo}T00:00:00.000Z`).getTime() + dayMs);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return usageScreenMessages.customIncomplete;
  if (from >= to) return usageScreenMessages.customOrder;
  return span(from, to, state.bucket);
}
