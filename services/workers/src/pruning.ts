import { pruneCommandResults, retentionCutoff, type Db, type Logger } from '@app/platform';

export const defaultCommandResultsRetentionHours = 72;
export const defaultPruneEveryMs = 3_600_000;

export interface PruningOptions {
  db: Db;
  logger: Logger;
  retentionHours?: number;
  everyMs?: number;
  now?: () => Date;
}

export interface Pruning {
  /** One pruning run now (after the one in flight, if any). */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for the run in flight. */
  stop(): Promise<void>;
}

/**
 * Prunes command results older than the retention, once at start and then every `everyMs`, in
 * every workers instance: an advisory lock lets one prune while the others skip. A failed run is
 * logged and tried again at the next tick.
 */
export const startPruning = (opts: PruningOptions): Pruning => {
  const log = opts.logger.child({ component: 'pruning' });
  const retentionHours = opts.retentionHours ?? defaultCommandResultsRetentionHours;
  const now = opts.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = async () => {
    if (stopped) return;
    try {
      const { deleted, skipped } = await pruneCommandResults(opts.db, retentionCutoff(now(), retentionHours));
      if (deleted > 0 || skipped) log.info({ deleted, skipped, retentionHours }, 'command results pruned');
    } catch (e) {
      log.warn({ err: e }, 'pruning command results failed; trying again at the next run');
    }
  };
  const runOnce = () => (running = running.then(run));
  const timer = setInterval(() => void runOnce(), opts.everyMs ?? defaultPruneEveryMs);
  timer.unref();
  void runOnce();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};
