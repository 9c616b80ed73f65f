import type { RateLimitPeriod } from '../admin/rate-limit';

/**
 * The window a rate limit counts spend in, in UTC: the current hour, day or month; Total counts
 * everything (it never resets); Unlimited counts nothing. `key` names the window, `resetsAt` is
 * when the next one starts (null: never).
 */
export interface SpendWindow {
  key: string;
  resetsAt: Date | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const spendWindow = (period: RateLimitPeriod, at: Date): SpendWindow => {
  const y = at.getUTCFullYear();
  const mo = at.getUTCMonth();
  const d = at.getUTCDate();
  const h = at.getUTCHours();
  switch (period) {
    case 'Hourly':
      return {
        key: `h:${y}-${pad(mo + 1)}-${pad(d)}T${pad(h)}`,
        resetsAt: new Date(Date.UTC(y, mo, d, h + 1)),
      };
    case 'Daily':
      return { key: `d:${y}-${pad(mo + 1)}-${pad(d)}`, resetsAt: new Date(Date.UTC(y, mo, d + 1)) };
    case 'Monthly':
      return { key: `m:${y}-${pad(mo + 1)}`, resetsAt: new Date(Date.UTC(y, mo + 1, 1)) };
    case 'Total':
    case 'Unlimited':
      return { key: 'total', resetsAt: null };
  }
};
