import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { WindowCount, WindowCounter } from './rate-limit-counters';

/** How many spent budgets an instance remembers at most (the oldest are forgotten first). */
const rememberedSpent = 10_000;

/**
 * A store for `@fastify/rate-limit` over a shared counter. Its `child` (what the plugin asks for
 * each route with limits of its own) is the store itself: the counter's key is only what the
 * key generator made (who is calling, and which budget), never the route, so one caller has one
 * budget across every route, on every instance.
 *
 * A budget found spent is remembered until its window ends, and the caller's further requests are
 * refused without asking the counter: a flood past the limit costs the store nothing. A counter
 * that fails calls `onError`, and the plugin lets the request through (`skipOnError`).
 */
export const sharedRateLimitStore = (
  counter: WindowCounter,
  onError: (e: unknown) => void,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor => {
  const spentUntil = new Map<string, number>();
  const spent = (key: string, max: number): WindowCount | undefined => {
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
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: WindowCount) => void,
      timeWindow: number,
      max: number,
    ): void {
      const known = spent(key, max);
      if (known) return callback(null, known);
      counter.incr(key, timeWindow).then(
        (result) => {
          remember(key, result, max);
          callback(null, result);
        },
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
};
