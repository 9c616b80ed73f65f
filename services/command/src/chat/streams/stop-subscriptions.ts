import { ChatId } from '@app/contracts';

/**
 * The stop subscriptions of one bus instance, by request id. Each `onStop` runs at most once, however
 * many times its stop is heard (the local call, the NOTIFY or message, the recorded stop).
 */
export const stopSubscriptions = () => {
  const byRequest = new Map<string, Set<() => void>>();

  const remove = (requestId: string, fire: () => void) => {
    const set = byRequest.get(requestId);
    if (!set) return;
    set.delete(fire);
    if (set.size === 0) byRequest.delete(requestId);
  };

  return {
    /** Answers the unsubscribe. */
    add: (requestId: string, onStop: () => void): (() => void) => {
      let done = false;
      const fire = () => {
        if (done) return;
        done = true;
        remove(requestId, fire);
        onStop();
      };
      const set = byRequest.get(requestId) ?? new Set<() => void>();
      byRequest.set(requestId, set);
      set.add(fire);
      return () => {
        done = true;
        remove(requestId, fire);
      };
    },
    /** A stop was heard for `requestId` (anything that is not a request id is ignored). */
    fire: (requestId: string): void => {
      if (!ChatId.safeParse(requestId).success) return;
      const set = byRequest.get(requestId);
      if (set) for (const fire of [...set]) fire();
    },
    /** The request ids subscribed to now. */
    ids: (): string[] => [...byRequest.keys()],
  };
};
