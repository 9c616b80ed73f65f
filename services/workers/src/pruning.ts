import { pruneCommandResults, retentionCutoff, type Db, type Logger } from '@app/platform';
import { startPeriodic, type PeriodicRunner } from './periodic';

export const defaultCommandResultsRetentionHours = 72;
export const defaultPruneEveryMs = 3_600_000;

export interface PruningOptions {
  db: Db;
  logger: Logger;
  retentionHours?: number;
  everyMs?: number;
  now?: () => Date;
}

export type Pruning = PeriodicRunner<void>;

/**
 * Prunes command results older than the retention, once at start and then every `everyMs`, in
 * every workers instance: an advisory lock lets one prune while the others skip. A failed run is
 * logged and tried again at the next tick.
 */
export const startPruning = (opts: PruningOptions): Pruning => {
  const log = opts.logger.child({ component: 'pruning' });
  const retentionHours = opts.retentionHours ?? defaultCommandResultsRetentionHours;
  const now = opts.now ?? (() => new Date());
  return startPeriodic({
    everyMs: opts.everyMs ?? defaultPruneEveryMs,
    idle: undefined,
    run: async () => {
      try {
        const { deleted, skipped } = await pruneCommandResults(
          opts.db,
          retentionCutoff(now(), retentionHours),
        );
        if (deleted > 0 || skipped) log.info({ deleted, skipped, retentionHours }, 'command results pruned');
      } catch (e) {
        log.warn({ err: e }, 'pruning command results failed; trying again at the next run');
      }
      return { value: undefined };
    },
  });
};
