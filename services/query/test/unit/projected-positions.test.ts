import { describe, expect, it, vi } from 'vitest';
import { trackProjectedPositions } from '../../src/runner/projected-positions';

describe('projected positions', () => {
  it('given a position already projected, when awaited, then it answers true at once', async () => {
    const t = trackProjectedPositions();
    t.projected(['7', '8']);
    await expect(t.awaitProjected('8', 1000)).resolves.toBe(true);
  });

  it('given a waiter, when a later batch projects its position, then it answers true', async () => {
    const t = trackProjectedPositions();
    const waiting = t.awaitProjected('9', 10_000);
    t.projected(['8']);
    t.projected(['9', '10']);
    await expect(waiting).resolves.toBe(true);
  });

  it('given no batch projects the position, when the bound passes, then it answers false', async () => {
    vi.useFakeTimers();
    try {
      const t = trackProjectedPositions();
      const waiting = t.awaitProjected('5', 200);
      t.projected(['4', '6']);
      vi.advanceTimersByTime(200);
      await expect(waiting).resolves.toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('given more positions than it remembers, when an old one is awaited, then it is no longer known', async () => {
    vi.useFakeTimers();
    try {
      const t = trackProjectedPositions(2);
      t.projected(['1', '2', '3']);
      const old = t.awaitProjected('1', 50);
      vi.advanceTimersByTime(50);
      await expect(old).resolves.toBe(false);
      await expect(t.awaitProjected('3', 50)).resolves.toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('given waiters, when the tracker closes, then each answers false', async () => {
    const t = trackProjectedPositions();
    const a = t.awaitProjected('1', 10_000);
    const b = t.awaitProjected('1', 10_000);
    t.close();
    await expect(Promise.all([a, b])).resolves.toEqual([false, false]);
  });
});
