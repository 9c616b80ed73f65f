import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { WindowCounter } from './rate-limit-counters';

/**
 * A store for `@fastify/rate-limit` over a shared counter. Its `child` (what the plugin asks for
 * each route with limits of its own) is the store itself: the counter's key is only what the
 * key generator made (who is calling, and which budget), never the route, so one caller has one
 * budget across every route, on every instance. A counter that fails calls `onError`, and the
 * plugin lets the request through (`skipOnError`).
 */
export const sharedRateLimitStore = (
  counter: WindowCounter,
  onError: (e: unknown) => void,
): FastifyRateLimitStoreCtor =>
  class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.incr(key, timeWindow).then(
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
