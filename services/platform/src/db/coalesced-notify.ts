import { sql } from 'kysely';
import { poolOf, type Db } from './database';

const inFlight = new WeakMap<Db, Map<string, { again: boolean }>>();

/**
 * Under a stream of calls, a NOTIFY goes out at most every this many ms: each NOTIFY is a commit of
 * its own on the server's one notification queue, and a wake only says "read again". A lone call is
 * sent at once.
 */
export const notifyGapMs = 5;

const send = (db: Db, channel: string, payload: string): Promise<unknown> => {
  const pool = poolOf(db);
  return pool
    ? pool.query({ name: 'coalesced_notify', text: 'select pg_notify($1, $2)', values: [channel, payload] })
    : sql`select pg_notify(${channel}, ${payload})`.execute(db);
};

/**
 * `NOTIFY channel` in a statement of its own, at most one in flight per pool and channel: calls made
 * meanwhile collapse into one more, sent `notifyGapMs` later. For wake-ups that say "read again",
 * never for data. A lost one costs its listeners a poll interval. `payload` is asked as each NOTIFY
 * goes out (a hint such as the newest position written so far; '' by default).
 */
export const coalescedNotify = (db: Db, channel: string, payload: () => string = () => ''): void => {
  const channels = inFlight.get(db) ?? new Map<string, { again: boolean }>();
  inFlight.set(db, channels);
  const running = channels.get(channel);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  channels.set(channel, state);
  const next = (): void => {
    state.again = false;
    void send(db, channel, payload())
      .catch(() => undefined)
      .finally(() => {
        if (state.again) setTimeout(next, notifyGapMs);
        else channels.delete(channel);
      });
  };
  next();
};
