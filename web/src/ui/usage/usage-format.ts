/** A cost in dollars: cents, or four decimals when under a cent and not nothing. */
export const formatUsageCost = (dollars: number): string =>
  dollars !== 0 && Math.abs(dollars) < 0.01 ? `$${dollars.toFixed(4)}` : `$${dollars.toFixed(2)}`;

/** A count with the locale's thousands separators. */
export const formatUsageCount = (n: number): string => n.toLocaleString('en-US');
