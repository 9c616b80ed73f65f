import { sql } from 'kysely';
import type { Db } from './database';

const inFlight = new WeakMap<Db, Map<string, { again: boolean }>>();

/**
 * `NOTIFY channel` in a statement of its own, at most one in flight per pool and channel: calls
 * made meanwhile collapse into one more. For wake-ups that say "read again", never for data. A
 * lost one costs its listeners a poll interval.
 */
export const coalescedNotify = (db: Db, channel: string): void => {
  const channels = inFlight.get(db) ?? new Map<string, { again: boolean }>();
  inFlight.set(db, channels);
  const running = channels.get(channel);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  channels.set(channel, state);
  const send = (): void => {
    state.again = false;
    void sql`select pg_notify(${channel}, '')`
      .execute(db)
      .catch(() => undefined)
      .finally(() => {
        if (state.again) send();
        else channels.delete(channel);
      });
  };
  send();
};
