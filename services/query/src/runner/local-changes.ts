import type { ChangedMessage } from '@app/contracts';

type Listener = (changes: readonly ChangedMessage[]) => void;

/** Per database (its URL): the fan-outs of this process, told of what this process's runner committed. */
const listeners = new Map<string, Set<Listener>>();

export const onLocalChanges = (databaseUrl: string, listener: Listener): (() => void) => {
  const set = listeners.get(databaseUrl) ?? new Set<Listener>();
  listeners.set(databaseUrl, set);
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(databaseUrl);
  };
};

export const announceLocalChanges = (databaseUrl: string, changes: readonly ChangedMessage[]): void => {
  for (const listener of listeners.get(databaseUrl) ?? []) listener(changes);
};
