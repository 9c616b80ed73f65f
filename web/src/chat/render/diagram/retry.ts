/** Diagram rendering: 3 attempts, 500 ms × the attempt number between them. */
export const diagramRetry = { attempts: 3, baseDelayMs: 500 } as const;

/** The wait after failed attempt `attempt` (1-based) before the next one. */
export const retryDelayMs = (attempt: number): number => diagramRetry.baseDelayMs * attempt;

export type RetryOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown; attempts: number };

export interface RetryOptions {
  attempts: number;
  delayMs: (failedAttempt: number) => number;
  sleep: (ms: number) => Promise<void>;
  /** Checked before each attempt: a cancelled run stops without trying again. */
  cancelled?: () => boolean;
}

/** Runs `attempt(1)`, `attempt(2)`... until one succeeds or `attempts` have failed, waiting in between. */
export async function runWithRetries<T>(
  attempt: (n: number) => Promise<T>,
  options: RetryOptions,
): Promise<RetryOutcome<T>> {
  let error: unknown = null;
  for (let n = 1; n <= options.attempts; n++) {
    if (options.cancelled?.()) return { ok: false, error, attempts: n - 1 };
    try {
      return { ok: true, value: await attempt(n) };
    } catch (e) {
      error = e;
      if (n < options.attempts) await options.sleep(options.delayMs(n));
    }
  }
  return { ok: false, error, attempts: options.attempts };
}

/** A failure's reason in words (mermaid throws errors, strings and objects with a message). */
export const reasonOf = (error: unknown): string => {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
    return error.message;
  return String(error);
};
