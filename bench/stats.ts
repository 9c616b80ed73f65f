/** Nearest-rank percentile of samples (ms); NaN when there are none. */
export const percentile = (samples: readonly number[], p: number): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
};

export const mean = (samples: readonly number[]): number =>
  samples.length === 0 ? Number.NaN : samples.reduce((a, b) => a + b, 0) / samples.length;

export const fixed = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export const thousands = (n: number): string =>
  Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-';
