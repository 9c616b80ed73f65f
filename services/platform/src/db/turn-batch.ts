import DataLoader from 'dataloader';
import type { Db } from './database';

/** The most calls one statement answers; more go as several statements. */
export const defaultBatchSize = 500;

/** How many statements of one batcher may be in flight before further calls wait and go together. */
export const statementsInFlight = 2;

/**
 * Calls answered by one call of `batch` (one statement) as a group commit does: while fewer than
 * `statementsInFlight` statements of this batcher are in flight, the calls made in this turn of the
 * microtasks go at once (a lone request waits for nothing, and one slow statement holds no one
 * back); calls made while they are wait for one to end and then go together. So the requests that
 * arrive together (a burst of a hundred streams) share a few round trips instead of queueing one each
 * for the pool's connections. `batch` answers one value per key, in the keys' order (an Error for a
 * key fails that call alone). Nothing is remembered between statements (no cache): every call reads
 * the database as it is.
 */
export const turnBatcher = <K, V>(
  batch: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  maxBatchSize = defaultBatchSize,
): DataLoader<K, V> => {
  // Statements scheduled or in flight; the sends of the calls that wait for a slot.
  let slots = 0;
  const waiting: (() => void)[] = [];
  const counted = async (keys: readonly K[]) => {
    try {
      return await batch(keys);
    } finally {
      // The slot passes to the calls that waited, which go together; else it is free.
      const next = waiting.shift();
      if (next) next();
      else slots--;
    }
  };
  return new DataLoader<K, V>(counted, {
    cache: false,
    maxBatchSize,
    batchScheduleFn: (send) => {
      if (slots >= statementsInFlight) {
        waiting.push(send);
        return;
      }
      slots++;
      queueMicrotask(send);
    },
  });
};

/**
 * One turn batcher per database (a pool, or a transaction: its calls go on its own connection),
 * made by `make` when first asked.
 */
export const turnBatcherPerDatabase = <K, V>(
  make: (db: Db) => DataLoader<K, V>,
): ((db: Db) => DataLoader<K, V>) => {
  const batchers = new WeakMap<Db, DataLoader<K, V>>();
  return (db) => {
    const known = batchers.get(db);
    if (known) return known;
    const made = make(db);
    batchers.set(db, made);
    return made;
  };
};
