import { sql } from 'kysely';
import type { Db } from '@app/platform';

/** A NOTIFY payload holds at most 8,000 bytes: past this, the payload is empty (every follower reads). */
export const maxNotifyPayload = 4000;

/** The payload for `ids` (request ids, ChatId: no comma): the ids comma-joined, or '' when too long. */
export const notifyPayload = (ids: Iterable<string>): string => {
  const joined = [...ids].join(',');
  return Buffer.byteLength(joined) <= maxNotifyPayload ? joined : '';
};

/** The request ids a payload names; empty for '' (then every follower reads again). */
export const idsOfPayload = (payload: string): string[] => (payload === '' ? [] : payload.split(','));

/**
 * `NOTIFY channel, '<id>,<id>...'` for the streams that were just flushed, in a statement of its own
 * after the batch's insert committed, never inside it. One at a time per notifier, each at least
 * `minGapMs` after the one before it: ids flushed meanwhile go together in the next. A lost NOTIFY
 * costs the other processes' followers one poll interval, never a chunk.
 */
export const idsNotifier = (db: Db, channel: string, minGapMs = 0) => {
  let waiting = new Set<string>();
  let inFlight = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;

  const send = (): void => {
    if (inFlight || waiting.size === 0) return;
    const wait = lastStart + minGapMs - performance.now();
    if (wait > 0) {
      timer ??= setTimeout(() => {
        timer = undefined;
        send();
      }, wait);
      return;
    }
    const payload = notifyPayload(waiting);
    waiting = new Set();
    inFlight = true;
    lastStart = performance.now();
    void sql`select pg_notify(${channel}, ${payload})`
      .execute(db)
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
        send();
      });
  };

  return {
    notify: (requestId: string): void => {
      waiting.add(requestId);
      send();
    },
  };
};
