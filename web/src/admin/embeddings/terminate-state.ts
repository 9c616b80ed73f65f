import { embeddingMessages } from '@app/contracts';

/** Where the termination of one queued embedding is. */
export type TerminateState = 'idle' | 'terminating' | 'terminated' | 'failed';

/** The Terminate button's label for a state (`embeddingMessages` while and after). */
export const terminateLabel = (state: TerminateState): string =>
  state === 'terminating'
    ? embeddingMessages.terminating
    : state === 'terminated'
      ? embeddingMessages.terminated
      : 'Terminate';

/** Whether the button can be pressed: not while it goes, not once done. */
export const canTerminate = (state: TerminateState): boolean => state === 'idle' || state === 'failed';

/** The states with `key`'s set (a new object: the others kept). */
export const withState = (
  states: Readonly<Record<string, TerminateState>>,
  key: string,
  state: TerminateState,
): Record<string, TerminateState> => ({ ...states, [key]: state });

const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size for people: 512 B, 1.5 KB, 20 MB (1,024 a step, one decimal under 10). */
export const formatSize = (bytes: number): string => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${units[unit]}`;
};

/** An event time as the admin's browser shows dates; the text as it came when it is not a date. */
export const formatEventTime = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString();
};
