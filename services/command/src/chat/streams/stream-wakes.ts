/**
 * The followers of this process waiting for more of a stream, by request id. A follower takes a
 * `Waiter` before it reads, so a wake that comes between its read and its wait is not lost: the
 * wait then returns at once.
 */
export interface Waiter {
  /** Forget the wakes so far: called just before a read. */
  arm(): void;
  /** Resolves on a wake since `arm`, after `ms`, or when `signal` aborts, whichever comes first. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  dispose(): void;
}

export interface StreamWakes {
  waiter(requestId: string): Waiter;
  wake(requestId: string): void;
  /** Every follower reads again (a NOTIFY without a payload, a LISTEN connection back). */
  wakeAll(): void;
  /** How many followers are waiting or reading now (for tests and leaks). */
  size(): number;
}

interface WaiterState {
  woken: boolean;
  resolve: (() => void) | null;
}

export const streamWakes = (): StreamWakes => {
  const byRequest = new Map<string, Set<WaiterState>>();

  const wakeOne = (w: WaiterState) => {
    w.woken = true;
    w.resolve?.();
  };

  return {
    waiter: (requestId) => {
      const state: WaiterState = { woken: false, resolve: null };
      const set = byRequest.get(requestId) ?? new Set<WaiterState>();
      byRequest.set(requestId, set);
      set.add(state);
      return {
        arm: () => {
          state.woken = false;
        },
        wait: (ms, signal) =>
          new Promise<void>((resolve) => {
            if (state.woken || signal.aborted) return resolve();
            const done = () => {
              clearTimeout(timer);
              signal.removeEventListener('abort', done);
              state.resolve = null;
              resolve();
            };
            const timer = setTimeout(done, ms);
            signal.addEventListener('abort', done, { once: true });
            state.resolve = done;
          }),
        dispose: () => {
          state.resolve?.();
          set.delete(state);
          if (set.size === 0 && byRequest.get(requestId) === set) byRequest.delete(requestId);
        },
      };
    },
    wake: (requestId) => byRequest.get(requestId)?.forEach(wakeOne),
    wakeAll: () => byRequest.forEach((set) => set.forEach(wakeOne)),
    size: () => [...byRequest.values()].reduce((n, s) => n + s.size, 0),
  };
};
