import { sql } from 'kysely';
import type { RecordedEvent } from '@app/contracts';
import { checkpointOf, failureKind, type Checkpoint, type Db } from '@app/platform';
import { handlesEvent, type Applied, type Projection } from '../projections/projection';
import { unseenBy, type Standing } from './batch-plan';
import { changeOf, type Change } from './live-changes';

/** A projection threw on an event; the batch is run again, carefully, to keep the others going. */
export class ProjectionFailed extends Error {
  constructor(
    readonly projection: string,
    cause: unknown,
  ) {
    super(`projection ${projection} failed`, { cause });
  }
}

export interface Folded {
  changes: { index: number; change: Change }[];
  checkpoint: Checkpoint;
  /** Lasting failures: set aside, the projection went on past them. */
  setAside: { event: RecordedEvent; error: unknown }[];
  /** A transient failure: the projection stops just before it. */
  failed?: { event: RecordedEvent; error: unknown };
}

/**
 * Folds the events this projection has not seen. Careful: each event in a savepoint of its own, so
 * a failure undoes that event only; a lasting one (`failureKind`) is set aside and the projection
 * goes on, a transient one stops it just before the event.
 */
export const foldProjection = async (
  trx: Db,
  s: Standing,
  events: readonly RecordedEvent[],
  careful: boolean,
): Promise<Folded> => {
  const p = s.projection;
  const folded: Folded = { changes: [], checkpoint: s.checkpoint, setAside: [] };
  if (!careful && p.applyMany) return foldMany(trx, s, events, p.applyMany);
  for (const event of unseenBy(s, events)) {
    if (handlesEvent(p, event.type)) {
      let applied: Awaited<ReturnType<Projection['apply']>>;
      if (careful) await sql`savepoint apply_event`.execute(trx);
      try {
        applied = await p.apply(event, trx);
      } catch (error) {
        if (!careful) throw new ProjectionFailed(p.name, error);
        await sql`rollback to savepoint apply_event`.execute(trx);
        if (failureKind(error) === 'transient') return { ...folded, failed: { event, error } };
        folded.setAside.push({ event, error });
        folded.checkpoint = checkpointOf(event);
        continue;
      }
      if (careful) await sql`release savepoint apply_event`.execute(trx);
      pushChange(folded, p, events.indexOf(event), event, applied);
    }
    folded.checkpoint = checkpointOf(event);
  }
  return folded;
};

const pushChange = (folded: Folded, p: Projection, index: number, event: RecordedEvent, applied: Applied) => {
  const { ids, audience } = Array.isArray(applied) ? { ids: applied, audience: undefined } : applied;
  if (p.readModel && ids.length > 0)
    folded.changes.push({ index, change: changeOf(p.readModel, event, ids, audience) });
};

/**
 * The events this projection has not seen, folded in one go (`applyMany`: each row written once);
 * a throw fails the batch, which runs again carefully, event by event.
 */
const foldMany = async (
  trx: Db,
  s: Standing,
  events: readonly RecordedEvent[],
  applyMany: NonNullable<Projection['applyMany']>,
): Promise<Folded> => {
  const p = s.projection;
  const unseen = unseenBy(s, events);
  const last = unseen[unseen.length - 1];
  const folded: Folded = { changes: [], checkpoint: last ? checkpointOf(last) : s.checkpoint, setAside: [] };
  const handled = unseen.filter((e) => handlesEvent(p, e.type));
  if (handled.length === 0) return folded;
  let answers: Applied[];
  try {
    answers = await applyMany(handled, trx);
  } catch (error) {
    throw new ProjectionFailed(p.name, error);
  }
  const at = new Map(events.map((e, i) => [e, i]));
  handled.forEach((event, i) => pushChange(folded, p, at.get(event) ?? 0, event, answers[i] ?? []));
  return folded;
};
