import { spendGranularities, spendWindow, type RateLimitPeriod } from '@app/contracts';

export type Granularity = (typeof spendGranularities)[number];

/** The spend of one window: what was settled, and what is held by open reservations. */
export interface WindowSpend {
  key: string;
  settled: number;
  reserved: number;
}

export type LedgerWindows = Record<Granularity, WindowSpend>;

/** Sums of dollars are kept to the nano-dollar, so that repeated sums do not drift (0.1 + 0.2). */
export const roundSpend = (n: number): number => Math.round(n * 1e9) / 1e9;

/** A comparison with a rate tolerates what float sums leave below a nano-dollar. */
export const spendTolerance = 1e-9;

export const noWindows = (): LedgerWindows => ({
  Hourly: { key: '', settled: 0, reserved: 0 },
  Daily: { key: '', settled: 0, reserved: 0 },
  Monthly: { key: '', settled: 0, reserved: 0 },
});

/** Window keys ('h:2025-01-31T09', 'd:…', 'm:…') order as their windows do. */
const keyOf = (g: Granularity, at: Date) => spendWindow(g, at).key;

/**
 * The windows once time reached `at`: a granularity whose window at `at` is newer than the one kept
 * starts afresh (the old one is dropped); an older `at` leaves it as it is.
 */
export const rollWindows = (windows: LedgerWindows, at: Date): LedgerWindows => {
  const next = { ...windows };
  for (const g of spendGranularities) {
    const key = keyOf(g, at);
    if (key > next[g].key) next[g] = { key, settled: 0, reserved: 0 };
  }
  return next;
};

/** Adds to each kept window that `at` falls in (a window already dropped is not counted again). */
export const addToWindows = (
  windows: LedgerWindows,
  at: Date,
  delta: { settled: number; reserved: number },
): LedgerWindows => {
  const next = { ...windows };
  for (const g of spendGranularities) {
    const w = next[g];
    if (w.key !== keyOf(g, at)) continue;
    next[g] = {
      key: w.key,
      settled: roundSpend(w.settled + delta.settled),
      reserved: roundSpend(w.reserved + delta.reserved),
    };
  }
  return next;
};

/** What a limit of `period` counts at `at`: the window's settled and reserved spend, or the total's. */
export const spentIn = (
  windows: LedgerWindows,
  total: { settled: number; reserved: number },
  period: Exclude<RateLimitPeriod, 'Unlimited'>,
  at: Date,
): number => {
  if (period === 'Total') return roundSpend(total.settled + total.reserved);
  const w = windows[period];
  return w.key === keyOf(period, at) ? roundSpend(w.settled + w.reserved) : 0;
};
