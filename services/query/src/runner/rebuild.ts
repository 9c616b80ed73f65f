import { sql } from 'kysely';
import {
  checkpointOf,
  clearAllParks,
  liftStatementTimeout,
  logStart,
  readAllForward,
  saveCheckpoint,
  setAside,
  type Db,
} from '@app/platform';
import { handlesEvent, type Projection } from '../projections/projection';
import { foldProjection } from './fold-projection';
import { checkpointName, lockProjections } from './run-batch';

/**
 * A rebuild's batch where the projection folds a batch in memory (`applyBatch`, `applyMany`): each
 * batch writes every row it touches once more, and in the rebuild's one transaction none of the
 * versions before can be pruned, so each batch walks all of them: the cost grows with the square of
 * the number of batches. Ten times fewer than event by event.
 */
export const foldedRebuildBatchSize = 10_000;

/**
 * Empties the read model and folds the whole log again, in one transaction: readers see the old rows
 * until it commits. A batch that throws is folded again with a savepoint per event, as the runner
 * does: an event that fails for good is set aside again, a transient failure fails the rebuild.
 */
export const rebuild = async (
  db: Db,
  p: Projection,
  batchSize = p.applyBatch || p.applyMany ? foldedRebuildBatchSize : 1000,
): Promise<number> =>
  db.transaction().execute(async (trx) => {
    // A rebuild reads the whole log in one transaction: the pool's statement bound is not for it.
    await liftStatementTimeout(trx);
    await lockProjections(trx);
    await p.reset(trx);
    await clearAllParks(trx, p.name);
    await trx.deleteFrom('checkpoints').where('name', '=', checkpointName(p)).execute();
    let count = 0;
    let from = logStart;
    for (;;) {
      const events = await readAllForward(trx, from, batchSize);
      const last = events[events.length - 1];
      if (!last) return count;
      await sql`savepoint rebuild_batch`.execute(trx);
      try {
        const handled = events.filter((e) => handlesEvent(p, e.type));
        // Folded in memory, each row written once, where the projection can; else event by event.
        if (p.applyBatch) await p.applyBatch(handled, trx);
        else if (p.applyMany) await p.applyMany(handled, trx);
        else for (const event of handled) await p.apply(event, trx);
        await sql`release savepoint rebuild_batch`.execute(trx);
      } catch {
        await sql`rollback to savepoint rebuild_batch`.execute(trx);
        const careful = await foldProjection(
          trx,
          { projection: p, checkpoint: from, park: undefined },
          events,
          true,
        );
        if (careful.failed) throw careful.failed.error;
        for (const { event, error } of careful.setAside) await setAside(trx, p.name, event, error, undefined);
      }
      from = checkpointOf(last);
      await saveCheckpoint(trx, checkpointName(p), from);
      count += events.length;
    }
  });
