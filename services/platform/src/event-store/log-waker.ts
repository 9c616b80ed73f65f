import { coalescedNotify } from '../db/coalesced-notify';
import type { Db } from '../db/database';
import { eventsChannel } from './types';

/**
 * Wakes the log's followers once an append has committed, on the loop's next turn: what the
 * appender does next with its answer (a chat's first token) goes first, and the appends of one turn
 * wake them once. Followers in this process are then called; other processes hear one `NOTIFY` at a
 * time per pool, however many appends commit meanwhile (a wake only says "read the log", so many
 * collapse into one). The NOTIFY goes out in a statement of its own, after the append's commit:
 * appends never queue behind the commit-time lock of NOTIFY.
 */
type Wake = () => void;

const localFollowers = new Set<Wake>();
/** Transactions in which something was appended: their commit must wake the followers. */
const appendedIn = new WeakSet<Db>();

/** Called by a follower in this process on every committed append; answers an unsubscribe. */
export const onLocalAppend = (wake: Wake): (() => void) => {
  localFollowers.add(wake);
  return () => localFollowers.delete(wake);
};

/** The pools whose appends committed this turn. */
const announced = new Set<Db>();

/** An append committed on `db` (a pool, not a transaction). */
export const announceAppend = (db: Db): void => {
  if (announced.size === 0) setImmediate(wakeFollowers);
  announced.add(db);
};

const wakeFollowers = (): void => {
  const pools = [...announced];
  announced.clear();
  for (const wake of localFollowers) wake();
  for (const db of pools) coalescedNotify(db, eventsChannel);
};

/** An append ran inside `trx`: `inTransaction` announces it once the transaction commits. */
export const markAppended = (trx: Db): void => {
  appendedIn.add(trx);
};

/**
 * Runs `work` in a transaction of `db` and, once it committed, wakes the log's followers if it
 * appended. Every transaction that may append goes through here (a bare `db.transaction()` works
 * too, but its followers then wait for their poll).
 */
export const inTransaction = async <R>(db: Db, work: (trx: Db) => Promise<R>): Promise<R> => {
  let appended = false;
  const result = await db.transaction().execute(async (trx) => {
    const r = await work(trx);
    appended = appendedIn.has(trx);
    return r;
  });
  if (appended) announceAppend(db);
  return result;
};
