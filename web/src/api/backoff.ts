/** Reconnect delays: 0.5 s doubling to a 15 s ceiling, with up to 25 % random spread. */
export const backoffDelay = (attempt: number, random: () => number = Math.random): number => {
  const base = Math.min(15_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.25 * random()));
};
