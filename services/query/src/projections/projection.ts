import type { ReadModelName, RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import type { z } from 'zod';
import { emptying, type ReadModelTable } from './rows';

/**
 * What `apply` may answer instead of the ids alone: the ids and whose change it is (a user read model's
 * change goes to that user's sockets; by default it is the event's actor's, e.g. a worker's report on
 * a user's file belongs to the file's owner).
 */
export interface AppliedChange {
  ids: string[];
  audience: string;
}

/**
 * Folds events into `rm_*` rows. `apply` runs inside the runner's transaction, which also writes the
 * checkpoint, and answers the ids of the rows it changed (pushed to live dashboards).
 */
export interface Projection {
  name: string;
  readModel: ReadModelName | null;
  /** The event types it folds, or 'all' (it then picks by stream itself). */
  handles: readonly string[] | 'all';
  apply(event: RecordedEvent, trx: Db): Promise<string[] | AppliedChange>;
  /**
   * Optional, for rebuilds: folds a batch of its events (in log order, contracts checked) in memory
   * and writes each read-model row it touches once. The same rows as `apply` event by event.
   */
  applyBatch?: (events: readonly RecordedEvent[], trx: Db) => Promise<void>;
  /**
   * Optional, for the live runner (and rebuilds without `applyBatch`): folds a batch of its events
   * in memory, writes each row once, and answers what `apply` would have answered for each event,
   * in the same order (the changes pushed over /live). A throw makes the runner fold the batch again
   * event by event with `apply`, each in a savepoint.
   */
  applyMany?: (events: readonly RecordedEvent[], trx: Db) => Promise<Applied[]>;
  /** Empties the read model, for a rebuild from position 0. */
  reset(trx: Db): Promise<void>;
}

/** What `apply` answers for one event: the ids of the rows it changed, or those and whose they are. */
export type Applied = string[] | AppliedChange;

export const handlesEvent = (p: Projection, type: string): boolean =>
  p.handles === 'all' || p.handles.includes(type);

/** A projection of the events of one contract (`E`, a union of `{ type, data }`), typed. */
export interface TypedProjection<E extends { type: string; data: unknown }> {
  name: string;
  readModel: ReadModelName | null;
  eventTypes: readonly E['type'][];
  /**
   * The events' contract (`{ type, data }`), when the feature has one: an event that does not fit is
   * not folded but set aside (a lasting failure), so a hand-made or buggy event never reaches `apply`.
   */
  contract?: z.ZodType<E>;
  /** `event` is the typed event; `recorded` the log's row (actor, time, stream, position). */
  apply(event: E, recorded: RecordedEvent, trx: Db): Promise<string[] | AppliedChange>;
  /** Optional: a rebuild's batch folded in memory, each row written once (see Projection.applyBatch). */
  applyBatch?: (events: readonly { event: E; recorded: RecordedEvent }[], trx: Db) => Promise<void>;
  /** Optional: the live runner's batch, each event's answer as `apply` gives it (see Projection.applyMany). */
  applyMany?: (events: readonly { event: E; recorded: RecordedEvent }[], trx: Db) => Promise<Applied[]>;
  reset(trx: Db): Promise<void>;
}

/** An event that does not fit its contract: folding it again cannot succeed (a lasting failure). */
export class EventContractViolation extends Error {
  constructor(type: string, issues: string) {
    super(`${type} does not fit its contract: ${issues}`);
    this.name = 'EventContractViolation';
  }
}

const issuesOf = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.join('.') || '(event)'}: ${i.message}`).join('; ');

/**
 * The one place where an event read from the log becomes its contract's type. The runner hands
 * `apply` only the types in `eventTypes`, and those rows were written from `E` by the deciders; a
 * row that does not fit (a bug, a hand-made event) fails `contract` when there is one, or makes
 * `apply` throw, and the runner sets it aside.
 */
export const defineProjection = <E extends { type: string; data: unknown }>(
  def: TypedProjection<E>,
): Projection => ({
  name: def.name,
  readModel: def.readModel,
  handles: def.eventTypes,
  apply: (recorded, trx) => {
    const event = { type: recorded.type, data: recorded.data };
    if (!def.contract) return def.apply(event as E, recorded, trx);
    // Checked, then folded as recorded: the fold is the same as without a contract.
    const parsed = def.contract.safeParse(event);
    if (!parsed.success)
      return Promise.reject(new EventContractViolation(recorded.type, issuesOf(parsed.error)));
    return def.apply(event as E, recorded, trx);
  },
  ...(def.applyBatch ? { applyBatch: batchOf(def, def.applyBatch) } : {}),
  ...(def.applyMany ? { applyMany: batchOf(def, def.applyMany) } : {}),
  reset: (trx) => def.reset(trx),
});

/** The typed batch of a projection's rows: each checked against its contract first (a misfit throws). */
const batchOf =
  <E extends { type: string; data: unknown }, R>(
    def: TypedProjection<E>,
    applyBatch: (events: readonly { event: E; recorded: RecordedEvent }[], trx: Db) => Promise<R>,
  ) =>
  (events: readonly RecordedEvent[], trx: Db): Promise<R> => {
    const typed: { event: E; recorded: RecordedEvent }[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      const parsed = def.contract?.safeParse(event);
      if (parsed && !parsed.success)
        return Promise.reject(new EventContractViolation(recorded.type, issuesOf(parsed.error)));
      typed.push({ event: event as E, recorded });
    }
    return applyBatch(typed, trx);
  };

/** Who a projection is: its name (its checkpoint's) and the read model it pushes over /live, or null. */
export interface ProjectionNames {
  name: string;
  readModel: ReadModelName | null;
}

/**
 * The usual projection: keeps the rows of `tables` (`reset` empties them, in this order). Named after
 * the read model it pushes (`'admins'`), or `{ name, readModel: null }` when it pushes none.
 */
export const tableProjection = <E extends { type: string; data: unknown }>(
  names: ReadModelName | ProjectionNames,
  tables: readonly ReadModelTable[],
  fold: Pick<TypedProjection<E>, 'eventTypes' | 'contract' | 'apply' | 'applyBatch' | 'applyMany'>,
): Projection =>
  defineProjection<E>({
    ...(typeof names === 'string' ? { name: names, readModel: names } : names),
    ...fold,
    reset: emptying(...tables),
  });
