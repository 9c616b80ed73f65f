import { expireConversations } from '@app/command';
import type { Db, Logger } from '@app/platform';

export const defaultRetentionEveryMs = 86_400_000;
/** A run that stopped at its bound continues this soon after. */
export const retentionContinueMs = 60_000;

export interface RetentionOptions {
  db: Db;
  logger: Logger;
  /** How often the expiry runs (daily when unset). */
  everyMs?: number;
  now?: () => Date;
}

export interface RetentionRunner {
  /** One expiry run now (after the one in flight, if any); answers how many it expired. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Expires cloud conversations past the Retention section's days (docs/architecture.md, "Retention"):
 * once at start, then daily, in every workers instance like the pruning (a conversation expired by
 * two at once is appended once: the stream's version refuses the second). A run is bounded
 * (`retentionLimits.expiryBatch`); one that reached its bound runs again a minute later until none
 * is past due. A failed run is logged and tried again at the next tick.
 */
export const startRetention = (opts: RetentionOptions): RetentionRunner => {
  const log = opts.logger.child({ component: 'retention' });
  const now = opts.now ?? (() => new Date());
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;
  let soon: NodeJS.Timeout | undefined;
  const run = async (): Promise<number> => {
    if (stopped) return 0;
    try {
      const { expired, more, days } = await expireConversations(opts.db, { now: now() });
      if (expired > 0) log.info({ expired, days, more }, 'conversations expired');
      if (more && !stopped) {
        clearTimeout(soon);
        soon = setTimeout(() => void runOnce(), retentionContinueMs);
        soon.unref();
      }
      return expired;
    } catch (e) {
      log.warn({ err: e }, 'expiring conversations failed; trying again at the next run');
      return 0;
    }
  };
  const runOnce = () => (running = running.then(run));
  const timer = setInterval(() => void runOnce(), opts.everyMs ?? defaultRetentionEveryMs);
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
