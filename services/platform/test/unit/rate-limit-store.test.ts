import { describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { WindowCount, WindowCounter } from '../../src/http/rate-limit-counters';
import { budgetCounts, sharedRateLimitStore } from '../../src/http/rate-limit-store';

/** An in-memory counter on a clock the test moves, recording the keys it was asked about. */
const fakeCounter = (clock: { ms: number }) => {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const asked: string[] = [];
  const counter: WindowCounter = {
    incr: (key, windowMs) => {
      asked.push(key);
      const open = windows.get(key);
      const w = open && open.endsAt > clock.ms ? open : { count: 0, endsAt: clock.ms + windowMs };
      w.count += 1;
      windows.set(key, w);
      return Promise.resolve({ current: w.count, ttl: w.endsAt - clock.ms });
    },
    close: () => Promise.resolve(),
  };
  return { counter, asked };
};

const incr = (store: FastifyRateLimitStore, key: string) =>
  new Promise<WindowCount>((resolve, reject) =>
    store.incr(key, (e, r) => (e || !r ? reject(e ?? new Error('no result')) : resolve(r)), 60_000, 2),
  );

const storeOn = (counter: WindowCounter, clock: { ms: number }, onError: (e: unknown) => void = () => {}) => {
  const Store = sharedRateLimitStore(
    budgetCounts(counter, () => clock.ms),
    onError,
  );
  return new Store({});
};

describe('the shared rate limit store', () => {
  it('given two routes, their children count on one key: the route is never part of it', async () => {
    const clock = { ms: 0 };
    const { counter, asked } = fakeCounter(clock);
    const store = storeOn(counter, clock);
    const routeA = store.child({} as never);
    const routeB = store.child({} as never);
    expect((await incr(routeA, 'commands:user:ann')).current).toBe(1);
    expect((await incr(routeB, 'commands:user:ann')).current).toBe(2);
    expect(asked).toEqual(['commands:user:ann', 'commands:user:ann']);
  });

  it('given a spent budget, further requests are refused without asking the counter until its window ends', async () => {
    const clock = { ms: 0 };
    const { counter, asked } = fakeCounter(clock);
    const store = storeOn(counter, clock);
    for (let i = 0; i < 3; i++) await incr(store, 'k');
    expect(asked).toHaveLength(3);
    clock.ms = 59_000;
    const refused = await incr(store, 'k');
    expect(refused).toEqual({ current: 3, ttl: 1_000 });
    expect(asked).toHaveLength(3);
    clock.ms = 60_000;
    expect((await incr(store, 'k')).current).toBe(1);
    expect(asked).toHaveLength(4);
  });

  it('given a counter that fails, the plugin is told (it lets the request through) and onError hears of it', async () => {
    const errors: unknown[] = [];
    const failing: WindowCounter = {
      incr: () => Promise.reject(new Error('ECONNREFUSED')),
      close: () => Promise.resolve(),
    };
    const store = storeOn(failing, { ms: 0 }, (e) => errors.push(e));
    await expect(incr(store, 'k')).rejects.toThrow('ECONNREFUSED');
    expect(errors).toHaveLength(1);
  });
});
