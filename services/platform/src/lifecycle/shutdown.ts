import type { Logger } from '../logging/logger';

/**
 * On SIGTERM or SIGINT run the closers in order (stop taking work, finish what is in flight, close
 * pools), once, then exit. A second signal exits at once.
 */
export const onShutdown = (logger: Logger, closers: (() => Promise<void>)[]): void => {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    logger.info({ signal }, 'shutting down: finishing work in flight');
    void (async () => {
      for (const close of closers) {
        try {
          await close();
        } catch (e) {
          logger.error({ err: e }, 'error while shutting down');
        }
      }
      logger.info('stopped');
      process.exit(0);
    })();
  };
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
};
