import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from '../../src/periodic';

afterEach(() => {
  vi.useRealTimers();
});

describe('a periodic job (pruning, retention)', () => {
  it('runs at start and on each runOnce, one run after another', async () => {
    let calls = 0;
    let inFlight = 0;
    let overlapped = false;
    const runner = startPeriodic({
      everyMs: 3_600_000,
      idle: -1,
      run: async () => {
        inFlight += 1;
        overlapped ||= inFlight > 1;
        await Promise.resolve();
        inFlight -= 1;
        calls += 1;
        return { value: calls };
      },
    });
    const [second, third] = await Promise.all([runner.runOnce(), runner.runOnce()]);
    expect([second, third]).toEqual([2, 3]);
    expect(overlapped).toBe(false);
    await runner.stop();
    expect(await runner.runOnce()).toBe(-1);
    expect(calls).toBe(3);
  });

  it('runs again after againMs when a run asks for it, and not once stopped', async () => {
    vi.useFakeTimers();
    const answers = [true, false];
    let calls = 0;
    const runner = startPeriodic({
      everyMs: 86_400_000,
      idle: 0,
      againMs: 60_000,
      run: () => {
        calls += 1;
        return Promise.resolve({ value: calls, again: answers.shift() ?? false });
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    await runner.stop();
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(calls).toBe(2);
  });
});
