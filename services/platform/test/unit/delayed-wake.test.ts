import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delayedWake } from '../../src/event-store/delayed-wake';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a delayed wake', () => {
  it('given three calls within the delay, when it passes, then one wake', () => {
    const wakes = vi.fn();
    const delayed = delayedWake(wakes, 25);

    delayed.wake();
    vi.advanceTimersByTime(10);
    delayed.wake();
    delayed.wake();
    expect(wakes).not.toHaveBeenCalled();
    vi.advanceTimersByTime(15);

    expect(wakes).toHaveBeenCalledTimes(1);
  });

  it('given a call after the wake, when the delay passes again, then a second wake', () => {
    const wakes = vi.fn();
    const delayed = delayedWake(wakes, 25);

    delayed.wake();
    vi.advanceTimersByTime(25);
    delayed.wake();
    vi.advanceTimersByTime(25);

    expect(wakes).toHaveBeenCalledTimes(2);
  });

  it('given no delay, when it is called three times, then three wakes at once', () => {
    const wakes = vi.fn();
    const delayed = delayedWake(wakes, 0);

    delayed.wake();
    delayed.wake();
    delayed.wake();

    expect(wakes).toHaveBeenCalledTimes(3);
  });

  it('given a wake to come, when it is cancelled, then none', () => {
    const wakes = vi.fn();
    const delayed = delayedWake(wakes, 25);

    delayed.wake();
    delayed.cancel();
    vi.advanceTimersByTime(100);

    expect(wakes).not.toHaveBeenCalled();
  });
});
