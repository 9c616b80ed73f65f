/** How a follower retries an event it failed on before parking it. */
export interface RetryPolicy {
  /** Attempts in all, the first one included; the last failure parks the event. */
  maxAttempts: number;
  /** Delay before the second attempt; it doubles after each failure, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 5, firstDelayMs: 1000, maxDelayMs: 30_000 };

/** After the `attempts`-th failure: park it, or try again after a delay. */
export const afterFailure = (
  policy: RetryPolicy,
  attempts: number,
): { parked: true } | { parked: false; delayMs: number } =>
  attempts >= policy.maxAttempts
    ? { parked: true }
    : { parked: false, delayMs: Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (attempts - 1)) };

/** An error's text for the record: its message, bounded. */
export const errorText = (e: unknown): string => {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
};
