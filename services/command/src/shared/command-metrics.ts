import {
  ConcurrencyError,
  DomainError,
  observeCommand,
  secondsSince,
  type CommandMetricOutcome,
} from '@app/platform';

/** How a command that threw ended, for `commands_total`: a rule's refusal, a stale version, or a failure. */
export const outcomeOf = (e: unknown): CommandMetricOutcome => {
  if (e instanceof DomainError) return 'refused';
  if (e instanceof ConcurrencyError) return 'conflict';
  const status = e instanceof Error && 'statusCode' in e ? e.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? 'refused' : 'error';
};

/** Runs one command of `type`, counted and timed by its outcome (`commands_total`, `command_duration_seconds`). */
export const timedCommand = async <T>(type: string, run: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    const result = await run();
    observeCommand(type, 'ok', secondsSince(started));
    return result;
  } catch (e) {
    observeCommand(type, outcomeOf(e), secondsSince(started));
    throw e;
  }
};
