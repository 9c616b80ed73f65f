import { describe, expect, it } from 'vitest';
import { wholeTokens } from './whole-tokens';

/** A clock that moves by the given steps, one per reading. */
const clock = (...readings: number[]) => {
  let i = 0;
  return () => readings[Math.min(i++, readings.length - 1)] ?? 0;
};

describe('tokenizing code whole', () => {
  it('keeps a run within the time limit', () => {
    let runs = 0;
    expect(wholeTokens(() => ++runs, 500, 3, clock(0, 120))).toBe(1);
    expect(runs).toBe(1);
  });

  it('tokenizes again after a run slower than the limit, which may have stopped early', () => {
    let runs = 0;
    expect(wholeTokens(() => ++runs, 500, 3, clock(0, 700, 700, 720))).toBe(2);
    expect(runs).toBe(2);
  });

  it('gives up after its tries, so a runaway grammar cannot hold the page', () => {
    let runs = 0;
    expect(wholeTokens(() => ++runs, 500, 3, clock(0, 600, 600, 1200, 1200, 1800, 1800, 2400))).toBe(3);
    expect(runs).toBe(3);
  });
});
