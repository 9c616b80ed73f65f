import { listen, type Listener } from '../db/notifications';
import type { Logger } from '../logging/logger';
import { startCatchUpLoop, type CatchUpLoop } from './catch-up-loop';
import { onLocalAppend } from './log-waker';
import { eventsChannel } from './types';

/**
 * A catch-up loop over the log that wakes on every append (in this process directly, from others by
 * NOTIFY) and polls as a fallback (also
 * when LISTEN is impossible). Its `stop()` finishes the batch in flight, then stops listening.
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
  let listener: Listener | undefined;
  try {
    listener = await listen(
      opts.databaseUrl,
      [eventsChannel],
      () => loop.wake(),
      (e) => opts.logger.warn({ err: e }, 'event notifications interrupted; polling meanwhile'),
    );
  } catch (e) {
    opts.logger.warn({ err: e }, 'cannot LISTEN; polling only');
  }
  return {
    ...loop,
    stop: async () => {
      unsubscribe();
      await loop.stop();
      await listener?.close();
    },
  };
};
