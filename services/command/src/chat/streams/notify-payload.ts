import { sql } from 'kysely';
import type { Db } from '@app/platform';
import { groupedWrites } from './grouped-writes';

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
 * `minGapMs` after the one before it (grouped-writes.ts): ids flushed meanwhile go together in the
 * next. A lost NOTIFY costs the other processes' followers one poll interval, never a chunk.
 */
export const idsNotifier = (db: Db, channel: string, minGapMs = 0) => {
  const send = groupedWrites<string, void>(
    async (ids) => {
      await sql`select pg_notify(${channel}, ${notifyPayload(new Set(ids))})`.execute(db);
      return ids.map(() => undefined);
    },
    { minGapMs },
  );
  return {
    notify: (requestId: string): void => {
      send(requestId).catch(() => undefined);
    },
  };
};
