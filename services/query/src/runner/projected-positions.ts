/**
 * Which events this process's runner has projected lately, so a command can answer once its events
 * are in the read models (and their `/live` pushes are on the wire). Events are named by their
 * global position; the last `remember` of them are kept, in the order they were projected.
 */
export interface ProjectedPositions {
  /** A batch committed: every runnable projection folded these events. Wakes their waiters. */
  projected(positions: readonly string[]): void;
  /** Resolves true once `position` was projected, false when `timeoutMs` passed first. */
  awaitProjected(position: string, timeoutMs: number): Promise<boolean>;
  /** Answers every waiter false (the runner stops). */
  close(): void;
}

export const trackProjectedPositions = (remember = 4096): ProjectedPositions => {
  const seen = new Set<string>();
  const order: string[] = [];
  const waiters = new Map<string, Set<(ok: boolean) => void>>();

  const remembered = (position: string) => {
    if (seen.has(position)) return;
    seen.add(position);
    order.push(position);
    if (order.length > remember) seen.delete(order.shift() ?? '');
  };

  return {
    projected: (positions) => {
      for (const position of positions) {
        remembered(position);
        const ws = waiters.get(position);
        if (!ws) continue;
        waiters.delete(position);
        for (const w of ws) w(true);
      }
    },
    awaitProjected: (position, timeoutMs) => {
      if (seen.has(position)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const set = waiters.get(position) ?? new Set();
        waiters.set(position, set);
        const done = (ok: boolean) => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0 && waiters.get(position) === set) waiters.delete(position);
          resolve(ok);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        set.add(done);
      });
    },
    close: () => {
      for (const set of [...waiters.values()]) for (const w of [...set]) w(false);
      waiters.clear();
    },
  };
};
