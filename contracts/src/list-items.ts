/** A copy of `xs` with `x` at the end, unless `x` is in it already. */
export const withItem = (xs: readonly string[], x: string): string[] =>
  xs.includes(x) ? [...xs] : [...xs, x];

/** A copy of `xs` without `x`. */
export const without = (xs: readonly string[], x: string): string[] => xs.filter((y) => y !== x);
