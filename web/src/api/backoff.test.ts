import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from half a second', () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, () => 0))).toEqual([500, 1000, 2000, 4000]);
  });
  it('stops growing at fifteen seconds', () => {
    expect(backoffDelay(20, () => 0)).toBe(15_000);
  });
  it('spreads by at most a quarter', () => {
    expect(backoffDelay(1, () => 1)).toBe(750);
  });
});
