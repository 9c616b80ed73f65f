import { listen, type Listener } from '../db/notifications';
import type { Logger } from '../logging/logger';
import { startCatchUpLoop, type CatchUpLoop } from './catch-up-loop';
import { onLocalAppend } from './log-waker';
import { eventsChannel } from './types';

/**
 * A catch-up loop over the log that wakes on every append (in this process directly, from others by
 * NOTIFY) and polls as a fallback while its LISTEN connection is down; when that connection is back
 * it wakes at once. Its `stop()` finishes the batch in flight, then stops listening.
 */
export const followLog = async (
  step: () => Promise<{ more: boolean }>,
  opts: { databaseUrl: string; pollMs: number; logger: Logger; what: string },
): Promise<CatchUpLoop> => {
  const loop = startCatchUpLoop(step, {
    pollMs: opts.pollMs,
    onError: (e) => opts.logger.error({ err: e }, `${opts.what} batch failed; retrying`),
  });
  // Appends committed by this process wake the loop at once; others' arrive by NOTIFY.
  const unsubscribe = onLocalAppend(() => loop.wake());
  // The connection comes back by itself; what was NOTIFYed while it was down is read at once.
  const listener: Listener = await listen(
    opts.databaseUrl,
    [eventsChannel],
    () => loop.wake(),
    (e) => opts.logger.warn({ err: e }, `${opts.what}: event notifications interrupted; polling meanwhile`),
    { name: opts.what, onReconnected: () => loop.wake() },
  );
  return {
    ...loop,
    stop: async () => {
      unsubscribe();
      await loop.stop();
      await listener.close();
    },
  };
};
