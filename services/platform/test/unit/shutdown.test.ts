import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/logging/logger';
import { shutdownHandler } from '../../src/lifecycle/shutdown';

const logger = createLogger('silent', 'test');
afterEach(() => vi.useRealTimers());

describe('shutting down', () => {
  it('runs the closers in order, then exits 0', async () => {
    const order: string[] = [];
    const exits: number[] = [];
    const handler = shutdownHandler(
      logger,
      [async () => void order.push('http'), async () => void order.push('pools')],
      { exit: (c) => void exits.push(c) },
    );
    handler('SIGTERM');
    await vi.waitFor(() => expect(exits).toEqual([0]), { timeout: 10_000 });
    expect(order).toEqual(['http', 'pools']);
  });

  it('a closer that fails does not stop the others', async () => {
    const exits: number[] = [];
    let closed = false;
    const handler = shutdownHandler(
      logger,
      [() => Promise.reject(new Error('gone')), async () => void (closed = true)],
      { exit: (c) => void exits.push(c) },
    );
    handler('SIGINT');
    await vi.waitFor(() => expect(exits).toEqual([0]), { timeout: 10_000 });
    expect(closed).toBe(true);
  });

  it('exits 1 at the deadline when a closer hangs (a database that is gone)', () => {
    vi.useFakeTimers();
    const exits: number[] = [];
    const handler = shutdownHandler(logger, [() => new Promise<void>(() => undefined)], {
      deadlineMs: 5000,
      exit: (c) => void exits.push(c),
    });
    handler('SIGTERM');
    vi.advanceTimersByTime(4999);
    expect(exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(exits).toEqual([1]);
  });

  it('a second signal exits at once', () => {
    const exits: number[] = [];
    const handler = shutdownHandler(logger, [() => new Promise<void>(() => undefined)], {
      exit: (c) => void exits.push(c),
    });
    handler('SIGTERM');
    handler('SIGTERM');
    expect(exits).toEqual([1]);
  });
});
