import { listen, type Listener } from '../db/notifications';
import type { Logger } from '../logging/logger';
import { startCatchUpLoop, type CatchUpLoop } from './catch-up-loop';
import { delayedWake } from './delayed-wake';
import { onLocalAppend } from './log-waker';
import { eventsChannel } from './types';

/**
 * A catch-up loop over the log that wakes on every append (in this process directly, from others by
 * NOTIFY) and polls as a fallback while its LISTEN connection is down; when that connection is back
 * it wakes at once. Its `stop()` finishes the batch in flight, then stops listening.
 */
export const followLog = async (
  step: () => Promise<{ more: boolean }>,
  opts: {
    databaseUrl: string;
    pollMs: number;
    logger: Logger;
    what: string;
    /**
     * How long after an append the loop wakes (default 0: at once). A follower nobody waits on waits
     * a moment, so it reads the appends of that moment in one batch and keeps off the loop while the
     * requests that appended them are still being answered. `idle()` still wakes it at once.
     */
    wakeDelayMs?: number;
  },
): Promise<CatchUpLoop> => {
  const loop = startCatchUpLoop(step, {
    pollMs: opts.pollMs,
    onError: (e) => opts.logger.error({ err: e }, `${opts.what} batch failed; retrying`),
  });
  const delayed = delayedWake(() => loop.wake(), opts.wakeDelayMs ?? 0);
  const wake = delayed.wake;
  // Appends committed by this process wake the loop; others' arrive by NOTIFY.
  const unsubscribe = onLocalAppend(wake);
  // The connection comes back by itself; what was NOTIFYed while it was down is read at once.
  const listener: Listener = await listen(
    opts.databaseUrl,
    [eventsChannel],
    wake,
    (e) => opts.logger.warn({ err: e }, `${opts.what}: event notifications interrupted; polling meanwhile`),
    { name: opts.what, onReconnected: () => loop.wake() },
  );
  return {
    ...loop,
    stop: async () => {
      unsubscribe();
      delayed.cancel();
      await loop.stop();
      await listener.close();
    },
  };
};
