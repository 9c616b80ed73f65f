import DataLoader from 'dataloader';
import type { Db } from './database';

/** The most calls one statement answers; more go as several statements. */
export const defaultBatchSize = 500;

/**
 * Calls answered by one call of `batch` (one statement) as a group commit does: when no statement of
 * this batcher is in flight, the calls made in this turn of the microtasks go at once (a lone request
 * waits for nothing); calls made while one is in flight wait for it and then go together. So the
 * requests that arrive together (a burst of a hundred streams) share a few round trips instead of
 * queueing one each for the pool's connections. `batch` answers one value per key, in the keys'
 * order (an Error for a key fails that call alone). Nothing is remembered between statements (no
 * cache): every call reads the database as it is.
 */
export const turnBatcher = <K, V>(
  batch: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  maxBatchSize = defaultBatchSize,
): DataLoader<K, V> => {
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  const sendWaiting = () => {
    const ready = waiting;
    waiting = [];
    for (const send of ready) send();
  };
  const counted = async (keys: readonly K[]) => {
    inFlight++;
    try {
      return await batch(keys);
    } finally {
      inFlight--;
      if (inFlight === 0) sendWaiting();
    }
  };
  return new DataLoader<K, V>(counted, {
    cache: false,
    maxBatchSize,
    batchScheduleFn: (send) => {
      if (inFlight === 0) queueMicrotask(send);
      else waiting.push(send);
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
