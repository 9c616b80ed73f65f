import type { ReadModelName, RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';

/**
 * Folds events into `rm_*` rows. `apply` runs inside the runner's transaction, which also writes the
 * checkpoint, and answers the ids of the rows it changed (pushed to live dashboards).
 */
export interface Projection {
  name: string;
  readModel: ReadModelName | null;
  /** The event types it folds, or 'all' (it then picks by stream itself). */
  handles: readonly string[] | 'all';
  apply(event: RecordedEvent, trx: Db): Promise<string[]>;
  /** Empties the read model, for a rebuild from position 0. */
  reset(trx: Db): Promise<void>;
}

export const handlesEvent = (p: Projection, type: string): boolean =>
  p.handles === 'all' || p.handles.includes(type);
