import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { WindowCount, WindowCounter } from './rate-limit-counters';

/** How many spent budgets an instance remembers at most (the oldest are forgotten first). */
const rememberedSpent = 10_000;

/**
 * The budgets' counts over a shared counter, remembering which are spent: a budget found spent is
 * remembered until its window ends, and the caller's further requests are answered without asking
 * the counter (`known`): a flood past the limit costs the store nothing.
 */
export interface BudgetCounts {
  /** The budget as remembered spent (`max` + 1), or undefined: then only the counter knows. */
  known(key: string, max: number): WindowCount | undefined;
  /** Counts one request of `key` (the remembered answer when it is spent). */
  incr(key: string, timeWindow: number, max: number): Promise<WindowCount>;
}

export const budgetCounts = (counter: WindowCounter, now: () => number = Date.now): BudgetCounts => {
  const spentUntil = new Map<string, number>();
  const known = (key: string, max: number): WindowCount | undefined => {
    const until = spentUntil.get(key);
    if (until === undefined) return undefined;
    const ttl = until - now();
    if (ttl > 0) return { current: max + 1, ttl };
    spentUntil.delete(key);
    return undefined;
  };
  const remember = (key: string, result: WindowCount, max: number) => {
    if (result.current <= max || result.ttl <= 0) return;
    spentUntil.delete(key);
    spentUntil.set(key, now() + result.ttl);
    if (spentUntil.size > rememberedSpent) {
      const oldest = spentUntil.keys().next();
      if (!oldest.done) spentUntil.delete(oldest.value);
    }
  };
  return {
    known,
    incr: async (key, timeWindow, max) => {
      const spent = known(key, max);
      if (spent) return spent;
      const result = await counter.incr(key, timeWindow);
      remember(key, result, max);
      return result;
    },
  };
};

/**
 * A store for `@fastify/rate-limit` over the shared counts. Its `child` (what the plugin asks for
 * each route with limits of its own) is the store itself: the counter's key is only what the key
 * generator made (who is calling, and which budget), never the route, so one caller has one budget
 * across every route, on every instance. A counter that fails calls `onError`, and the plugin lets
 * the request through (`skipOnError`).
 */
export const sharedRateLimitStore = (
  counts: BudgetCounts,
  onError: (e: unknown) => void,
): FastifyRateLimitStoreCtor =>
  class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: WindowCount) => void,
      timeWindow: number,
      max: number,
    ): void {
      counts.incr(key, timeWindow, max).then(
        (result) => callback(null, result),
        (e: unknown) => {
          onError(e);
          callback(e instanceof Error ? e : new Error('rate limit counter failed'));
        },
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
