import { describe, expect, it } from 'vitest';
import { afterFailure, transientRetryPolicy } from '../../src/event-store/retry-policy';

describe('afterFailure', () => {
  it('parks after the last of maxAttempts', () => {
    const policy = { maxAttempts: 3, firstDelayMs: 10, maxDelayMs: 100 };
    expect(afterFailure(policy, 1)).toEqual({ parked: false, delayMs: 10 });
    expect(afterFailure(policy, 2)).toEqual({ parked: false, delayMs: 20 });
    expect(afterFailure(policy, 3)).toEqual({ parked: true });
  });

  it('without maxAttempts (a projection held by a transient failure) never parks; the delay stays capped', () => {
    for (const attempts of [1, 5, 6, 100, 100_000])
      expect(afterFailure(transientRetryPolicy, attempts).parked).toBe(false);
    expect(afterFailure(transientRetryPolicy, 1)).toEqual({ parked: false, delayMs: 1000 });
    expect(afterFailure(transientRetryPolicy, 100_000)).toEqual({ parked: false, delayMs: 30_000 });
  });
});
