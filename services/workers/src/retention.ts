import { expireConversations } from '@app/command';
import type { Db, Logger } from '@app/platform';
import { startPeriodic, type PeriodicRunner } from './periodic';

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

/** `runOnce` answers how many conversations it expired. */
export type RetentionRunner = PeriodicRunner<number>;

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
  return startPeriodic({
    everyMs: opts.everyMs ?? defaultRetentionEveryMs,
    idle: 0,
    againMs: retentionContinueMs,
    run: async () => {
      try {
        const { expired, more, days } = await expireConversations(opts.db, { now: now() });
        if (expired > 0) log.info({ expired, days, more }, 'conversations expired');
        return { value: expired, again: more };
      } catch (e) {
        log.warn({ err: e }, 'expiring conversations failed; trying again at the next run');
        return { value: 0 };
      }
    },
  });
};
