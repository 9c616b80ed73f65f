/**
 * Runs `step` until it reports no more work, then sleeps until woken or until the poll interval
 * passes. `stop()` lets the batch in flight finish first.
 */
export interface CatchUpLoop {
  wake(): void;
  stop(): Promise<void>;
  /** Resolves once a pass found nothing more to do. */
  idle(): Promise<void>;
}

export const startCatchUpLoop = (
  step: () => Promise<{ more: boolean }>,
  options: { pollMs: number; onError: (e: unknown) => void },
): CatchUpLoop => {
  let stopped = false;
  let woken = false;
  let sleeper: (() => void) | null = null;
  let idleWaiters: (() => void)[] = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        sleeper = null;
        resolve();
      }
      sleeper = done;
    });

  const run = async () => {
    while (!stopped) {
      woken = false;
      let more = false;
      try {
        more = (await step()).more;
      } catch (e) {
        options.onError(e);
        if (!stopped) await sleep(options.pollMs);
        continue;
      }
      if (more || woken) continue;
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((w) => w());
      if (!stopped) await sleep(options.pollMs);
    }
  };
  const running = run();

  return {
    wake: () => {
      woken = true;
      sleeper?.();
    },
    stop: async () => {
      stopped = true;
      sleeper?.();
      await running;
      idleWaiters.forEach((w) => w());
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        woken = true;
        sleeper?.();
      }),
  };
};
