import type { RecordedEvent } from '@app/contracts';
import { isAtOrPast, logStart, type Checkpoint, mayTry, type Park } from '@app/platform';
import type { Projection } from '../projections/projection';

/** Where each projection stands before a batch: its checkpoint, and whether it may run now. */
export interface Standing {
  projection: Projection;
  checkpoint: Checkpoint;
  park: Park | undefined;
}

const before = (a: Checkpoint, b: Checkpoint) => !isAtOrPast(a, b);

/** The projections that may run now, and the one read that serves them all: after the furthest behind. */
export const planBatch = (
  standings: readonly Standing[],
  now: Date,
): { runnable: Standing[]; from: Checkpoint | null } => {
  const runnable = standings.filter((s) => mayTry(s.park, now));
  let from: Checkpoint | null = null;
  for (const s of runnable) if (from === null || before(s.checkpoint, from)) from = s.checkpoint;
  return { runnable, from: from ?? (runnable.length > 0 ? logStart : null) };
};

/** The events of the batch this projection has not folded yet. */
export const unseenBy = (standing: Standing, events: readonly RecordedEvent[]): RecordedEvent[] =>
  events.filter((e) =>
    before(standing.checkpoint, { transactionId: e.transactionId, globalPosition: e.globalPosition }),
  );
