/** How a follower retries an event it failed on, and whether it then parks it. */
export interface RetryPolicy {
  /**
   * Attempts in all, the first one included; the last failure parks the event. Absent: never parked,
   * retried with the capped backoff for as long as it fails (a projection's transient failure).
   */
  maxAttempts?: number;
  /** Delay before the second attempt; it doubles after each failure, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 5, firstDelayMs: 1000, maxDelayMs: 30_000 };

/** A projection's transient failure: retried for as long as it lasts, every 30 s at most. */
export const transientRetryPolicy: RetryPolicy = { firstDelayMs: 1000, maxDelayMs: 30_000 };

/** After the `attempts`-th failure: park it, or try again after a delay. */
export const afterFailure = (
  policy: RetryPolicy,
  attempts: number,
): { parked: true } | { parked: false; delayMs: number } =>
  policy.maxAttempts !== undefined && attempts >= policy.maxAttempts
    ? { parked: true }
    : {
        parked: false,
        // The exponent is bounded, so a failure retried for days never overflows to Infinity.
        delayMs: Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(attempts - 1, 30)),
      };

/** An error's text for the record: its message, bounded. */
export const errorText = (e: unknown): string => {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
};
