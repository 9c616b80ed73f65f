import type { Logger } from '../logging/logger';

/** Runs a start-up check; when it throws, says why (its message only) and exits 1. */
export const orRefuseToStart = <T>(logger: Logger, check: () => T): T => {
  try {
    return check();
  } catch (e) {
    logger.fatal(e instanceof Error ? e.message : String(e));
    process.stderr.write(`\n  ${e instanceof Error ? e.message : String(e)}\n\n`);
    process.exit(1);
  }
};
