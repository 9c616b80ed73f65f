import { sql } from 'kysely';
import type { ChangedMessage, RecordedEvent } from '@app/contracts';
import {
  checkpointOf,
  liftStatementTimeout,
  loadCheckpoint,
  readAllForward,
  saveCheckpoint,
  type Db,
} from '@app/platform';
import { handlesEvent, type Projection } from '../projections/projection';
import { changesChannel, projectionLockKey } from './channels';

const checkpointName = (p: Projection) => `projection:${p.name}`;

/**
 * One writer per projection at a time, whoever calls: a runner that just lost the lead may still be
 * finishing a batch when the next leader starts one, and a rebuild may run beside the runner. Without
 * this both would read the same checkpoint and apply the same events twice. Taken first in the
 * transaction, so the checkpoint is read after the previous writer committed.
 */
const lockProjection = async (trx: Db, p: Projection) => {
  await sql`select pg_advisory_xact_lock(${projectionLockKey}::int, hashtext(${checkpointName(p)}))`.execute(
    trx,
  );
};

const notifyChange = async (trx: Db, p: Projection, event: RecordedEvent, ids: string[]) => {
  if (!p.readModel || ids.length === 0) return;
  const message: ChangedMessage = {
    type: 'changed',
    readModel: p.readModel,
    ids: ids.slice(0, 50),
    position: event.globalPosition,
    actor: event.metadata.actor.email,
  };
  await sql`select pg_notify(${changesChannel}, ${JSON.stringify(message)})`.execute(trx);
};

/**
 * One batch for one projection: rows and checkpoint in one transaction, so a crash between them
 * leaves neither. Answers whether more events may be waiting.
 */
export const runBatch = async (db: Db, p: Projection, batchSize: number): Promise<{ more: boolean }> =>
  db.transaction().execute(async (trx) => {
    await lockProjection(trx, p);
    const from = await loadCheckpoint(trx, checkpointName(p));
    const events = await readAllForward(trx, from, batchSize);
    const last = events[events.length - 1];
    if (!last) return { more: false };
    for (const event of events) {
      if (!handlesEvent(p, event.type)) continue;
      const ids = await p.apply(event, trx);
      await notifyChange(trx, p, event, ids);
    }
    await saveCheckpoint(trx, checkpointName(p), checkpointOf(last));
    return { more: events.length === batchSize };
  });

/** Empties the read model and folds the whole log again, in one transaction: readers see the old rows until it commits. */
export const rebuild = async (db: Db, p: Projection, batchSize = 1000): Promise<number> =>
  db.transaction().execute(async (trx) => {
    // A rebuild reads the whole log in one transaction: the pool's statement bound is not for it.
    await liftStatementTimeout(trx);
    await lockProjection(trx, p);
    await p.reset(trx);
    await trx.deleteFrom('checkpoints').where('name', '=', checkpointName(p)).execute();
    let count = 0;
    for (;;) {
      const from = await loadCheckpoint(trx, checkpointName(p));
      const events = await readAllForward(trx, from, batchSize);
      const last = events[events.length - 1];
      if (!last) return count;
      for (const event of events) if (handlesEvent(p, event.type)) await p.apply(event, trx);
      await saveCheckpoint(trx, checkpointName(p), checkpointOf(last));
      count += events.length;
    }
  });

export const projectionCheckpoint = (db: Db, p: Projection) => loadCheckpoint(db, checkpointName(p));
