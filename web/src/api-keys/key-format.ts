import { expiryInstant } from '@app/contracts';

/**
 * How a key's dates and holder read in the panel (pure; the clock is passed in). An expiration is
 * what the server keeps: a day (`YYYY-MM-DD`, the key works through that day, UTC) or a date-time.
 */

const dayOnly = /^\d{4}-\d{2}-\d{2}$/;
const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const parsed = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A creation or access time: 'Nov 24, 2026, 5:30 AM'; 'Never' when there is none. */
export const formatTime = (iso: string | null | undefined): string => {
  const date = parsed(iso);
  return date ? timeFormat.format(date) : 'Never';
};

/** An expiration: 'Never' without one, the day (or time) it ends, 'Expired ...' once past. */
export const formatExpiry = (expiration: string | null | undefined, now: Date): string => {
  if (!expiration) return 'Never';
  const ends = expiryInstant(expiration);
  if (!ends) return expiration;
  const shown = dayOnly.test(expiration) ? dayFormat.format(ends.getTime() - 1) : timeFormat.format(ends);
  return ends.getTime() <= now.getTime() ? `Expired ${shown}` : shown;
};

/** The date field's `YYYY-MM-DD` for a kept expiration (its UTC day), '' without one. */
export const dateFieldValue = (expiration: string | null | undefined): string => {
  if (!expiration) return '';
  if (dayOnly.test(expiration)) return expiration;
  const date = parsed(expiration);
  return date ? date.toISOString().slice(0, 10) : '';
};

/** The date field's minimum: today (UTC), the earliest day a key may still work through. */
export const todayFieldValue = (now: Date): string => now.toISOString().slice(0, 10);

export interface KeyHolder {
  owner: string;
  delegate?: string | null | undefined;
  systemId?: string | null | undefined;
}

/** Who the key is for, seen by `me`: 'You', 'Delegated to x', 'Delegated by y', 'System key (id)'. */
export const describeHolder = (key: KeyHolder, me: string): string => {
  if (key.systemId) return `System key (${key.systemId})`;
  if (key.delegate) {
    return key.owner === me ? `Delegated to ${key.delegate}` : `Delegated by ${key.owner}`;
  }
  return key.owner === me ? 'You' : key.owner;
};
