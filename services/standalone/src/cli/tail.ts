import { sql } from 'kysely';
import type { RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import { listen, type Listener } from '@app/platform';
import { startCatchUpLoop } from '@app/platform';
import { checkpointOf } from '@app/platform';
import { eventColumns, toRecordedEvent } from '@app/platform';
import { eventsChannel, logStart, type Checkpoint } from '@app/platform';
import type { TailOptions } from './args';
import { eventLine, note, writeLine } from './output';
import { resolvePosition } from './positions';

type Filters = Pick<TailOptions, 'stream' | 'type' | 'actor'>;

const batchSize = 500;
const defaultLast = 20;

/**
 * The matching events every reader can see, i.e. of transactions below pg_snapshot_xmin: the same
 * gap-safe rule as readAllForward, plus the filters (which the indexes on stream, type and actor
 * email serve), so a filtered tail does not read the whole log.
 */
const visibleEvents = (db: Db, f: Filters) => {
  let q = db
    .selectFrom('events')
    .select(eventColumns)
    .where(sql<boolean>`events.transaction_id < pg_snapshot_xmin(pg_current_snapshot())`);
  if (f.stream !== undefined) q = q.where('stream_id', '=', f.stream);
  if (f.type !== undefined) q = q.where('event_type', '=', f.type);
  if (f.actor !== undefined) q = q.where(sql<string>`metadata -> 'actor' ->> 'email'`, '=', f.actor);
  return q;
};

/** The next matching events after `after`, in commit order. */
const readAfter = async (db: Db, f: Filters, after: Checkpoint, limit: number): Promise<RecordedEvent[]> => {
  const rows = await visibleEvents(db, f)
    .where(
      sql<boolean>`(events.transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)`,
    )
    // The column, not the selected text of it (eventColumns): xid8 order, as readAllForward.
    .orderBy(sql`events.transaction_id`)
    .orderBy('global_position')
    .limit(limit)
    .execute();
  return rows.map(toRecordedEvent);
};

/** The last `limit` matching events, in commit order. */
const readLast = async (db: Db, f: Filters, limit: number): Promise<RecordedEvent[]> => {
  const rows = await visibleEvents(db, f)
    .orderBy(sql`events.transaction_id desc`)
    .orderBy(sql`global_position desc`)
    .limit(limit)
    .execute();
  return rows.map(toRecordedEvent).reverse();
};

const print = async (events: readonly RecordedEvent[]): Promise<void> => {
  for (const e of events) await writeLine(eventLine(e));
};

/** Prints the backlog the options ask for; answers the checkpoint to follow from. */
const printBacklog = async (db: Db, o: TailOptions): Promise<Checkpoint> => {
  if (o.after === undefined) {
    const events = await readLast(db, o, o.limit ?? defaultLast);
    await print(events);
    const last = events[events.length - 1];
    // Nothing matched yet: every matching event that commits from now on is new, so any earlier
    // checkpoint will do, and the log start also catches those of transactions still in flight.
    return last ? checkpointOf(last) : logStart;
  }
  const start = await resolvePosition(db, o.after);
  if (start.note) note(start.note);
  let cp = start.checkpoint;
  let remaining = o.limit ?? Number.POSITIVE_INFINITY;
  while (remaining > 0) {
    const events = await readAfter(db, o, cp, Math.min(batchSize, remaining));
    await print(events);
    const last = events[events.length - 1];
    if (!last) break;
    cp = checkpointOf(last);
    remaining -= events.length;
  }
  return cp;
};

const untilSignal = () =>
  new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });

/** `tail`: the backlog, then (with --follow) every new matching event as it commits, until Ctrl-C. */
export const runTail = async (db: Db, databaseUrl: string, o: TailOptions): Promise<void> => {
  let cp = await printBacklog(db, o);
  if (!o.follow) return;
  note('following; Ctrl-C to stop');
  const loop = startCatchUpLoop(
    async () => {
      const events = await readAfter(db, o, cp, batchSize);
      await print(events);
      const last = events[events.length - 1];
      if (last) cp = checkpointOf(last);
      return { more: events.length === batchSize };
    },
    {
      pollMs: 1000,
      onError: (e) => note(`read failed, retrying: ${e instanceof Error ? e.message : String(e)}`),
    },
  );
  let listener: Listener | undefined;
  try {
    listener = await listen(databaseUrl, [eventsChannel], () => loop.wake());
  } catch (e) {
    note(`cannot LISTEN (${e instanceof Error ? e.message : String(e)}); polling every second`);
  }
  await untilSignal();
  await loop.stop();
  await listener?.close();
};
