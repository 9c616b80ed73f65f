import { describe, expect, it } from 'vitest';
import { diagramRetry, reasonOf, retryDelayMs, runWithRetries } from './retry';

const options = (slept: number[]) => ({
  attempts: diagramRetry.attempts,
  delayMs: retryDelayMs,
  sleep: async (ms: number) => {
    slept.push(ms);
  },
});

describe('diagram retries', () => {
  it('waits 500 ms × the attempt number', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([500, 1000, 1500]);
  });

  it('gives up after 3 attempts, having waited 500 then 1000 ms', async () => {
    const slept: number[] = [];
    const tried: number[] = [];
    const outcome = await runWithRetries(async (n) => {
      tried.push(n);
      throw new Error(`bad ${n}`);
    }, options(slept));
    expect(tried).toEqual([1, 2, 3]);
    expect(slept).toEqual([500, 1000]);
    expect(outcome).toEqual({ ok: false, error: new Error('bad 3'), attempts: 3 });
  });

  it('answers the first success', async () => {
    const slept: number[] = [];
    const outcome = await runWithRetries(async (n) => {
      if (n < 2) throw new Error('flaky');
      return 'svg';
    }, options(slept));
    expect(outcome).toEqual({ ok: true, value: 'svg' });
    expect(slept).toEqual([500]);
  });

  it('stops when cancelled', async () => {
    let cancelled = false;
    const tried: number[] = [];
    const outcome = await runWithRetries(
      async (n) => {
        tried.push(n);
        cancelled = true;
        throw new Error('x');
      },
      { ...options([]), cancelled: () => cancelled },
    );
    expect(tried).toEqual([1]);
    expect(outcome.ok).toBe(false);
  });

  it('names the reason of errors, strings and objects', () => {
    expect(reasonOf(new Error('Parse error on line 2'))).toBe('Parse error on line 2');
    expect(reasonOf('plain')).toBe('plain');
    expect(reasonOf({ message: 'from mermaid' })).toBe('from mermaid');
    expect(reasonOf(42)).toBe('42');
  });
});
