export interface PeriodicRunner<T> {
  /** One run now (after the one in flight, if any); answers what it answered. */
  runOnce(): Promise<T>;
  /** Stops the timers and waits for the run in flight. */
  stop(): Promise<void>;
}

export interface PeriodicOptions<T> {
  /** How often it runs after the first run at start. */
  everyMs: number;
  /** What a run answers once stopped. */
  idle: T;
  /**
   * One run; it handles its own failures (a failed run is tried again at the next tick). `again`
   * asks for another run `againMs` later (a run that stopped at its bound).
   */
  run: () => Promise<{ value: T; again?: boolean }>;
  againMs?: number;
}

/**
 * Runs a job once at start, then every `everyMs`, one run at a time: a run asked for while one is in
 * flight follows it. The timers do not keep the process alive.
 */
export const startPeriodic = <T>(opts: PeriodicOptions<T>): PeriodicRunner<T> => {
  let running: Promise<T> = Promise.resolve(opts.idle);
  let stopped = false;
  let soon: NodeJS.Timeout | undefined;
  const run = async (): Promise<T> => {
    if (stopped) return opts.idle;
    const { value, again } = await opts.run();
    if (again && !stopped) {
      clearTimeout(soon);
      soon = setTimeout(() => void runOnce(), opts.againMs);
      soon.unref();
    }
    return value;
  };
  const runOnce = () => (running = running.then(run));
  const timer = setInterval(() => void runOnce(), opts.everyMs);
  timer.unref();
  void runOnce();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(soon);
      await running;
    },
  };
};
