import DataLoader from 'dataloader';
import type { Db } from './database';

/** The most calls one statement answers; more in one turn go as several statements. */
export const defaultTurnBatchSize = 500;

/**
 * Calls made in one turn of the event loop, answered by one call of `batch` (one statement): the
 * requests that arrive together (a burst of a hundred streams) share a round trip instead of queueing
 * one each for the pool's connections. `batch` answers one value per key, in the keys' order (an
 * Error for a key fails that call alone). Nothing is remembered between turns (no cache): every call
 * reads the database as it is.
 *
 * The turn ends with the loop's check phase (`setImmediate`): a lone call waits only for the
 * callbacks of its own turn, and the calls of every socket read in that turn go together.
 */
export const turnBatcher = <K, V>(
  batch: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  maxBatchSize = defaultTurnBatchSize,
): DataLoader<K, V> =>
  new DataLoader<K, V>(batch, {
    cache: false,
    maxBatchSize,
    batchScheduleFn: (send) => setImmediate(send),
  });

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
