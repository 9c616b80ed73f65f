import type { Logger } from '../logging/logger';

export interface ShutdownOptions {
  /** Past this, the process exits (code 1) even if a closer still waits (e.g. on a database that is gone). */
  deadlineMs?: number;
  exit?: (code: number) => void;
}

export const defaultShutdownDeadlineMs = 20_000;

/**
 * The signal handler: run the closers in order (stop taking work, finish what is in flight, close
 * pools), once, then exit 0; exit 1 at the deadline if they have not finished, or at a second signal.
 */
export const shutdownHandler = (
  logger: Logger,
  closers: (() => Promise<void>)[],
  opts: ShutdownOptions = {},
): ((signal: NodeJS.Signals) => void) => {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const deadlineMs = opts.deadlineMs ?? defaultShutdownDeadlineMs;
  let closing = false;
  return (signal) => {
    if (closing) return exit(1);
    closing = true;
    logger.info({ signal, deadlineMs }, 'shutting down: finishing work in flight');
    const deadline = setTimeout(() => {
      logger.error({ deadlineMs }, 'shutdown did not finish in time: exiting');
      exit(1);
    }, deadlineMs);
    deadline.unref();
    void (async () => {
      for (const close of closers) {
        try {
          await close();
        } catch (e) {
          logger.error({ err: e }, 'error while shutting down');
        }
      }
      clearTimeout(deadline);
      logger.info('stopped');
      exit(0);
    })();
  };
};

/** On SIGTERM or SIGINT, shut down in order within a deadline (see shutdownHandler). */
export const onShutdown = (
  logger: Logger,
  closers: (() => Promise<void>)[],
  opts: ShutdownOptions = {},
): void => {
  const handler = shutdownHandler(logger, closers, opts);
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
};
