import { sql } from 'kysely';
import {
  assertNever,
  spendEventTypes,
  spendGranularities,
  spendWindow,
  type RecordedEvent,
  type SpendEvent,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { tableProjection, type Applied } from './projection';

/** The windows spend at `at` counts in: its hour, day and month (UTC), and the total. */
export const spendWindowKeys = (at: Date): string[] => [
  ...spendGranularities.map((g) => spendWindow(g, at).key),
  spendWindow('Total', at).key,
];

interface SpendDelta {
  settled: number;
  reserved: number;
}

/**
 * What one event adds to its ledger's windows. A settlement moves its reservation's amount out of
 * `reserved` and adds the actual cost to `settled`.
 */
const deltaOf = (event: SpendEvent): SpendDelta => {
  switch (event.type) {
    case 'SpendReserved':
      return { settled: 0, reserved: event.data.amount };
    case 'SpendSettled':
      return { settled: event.data.amount, reserved: -event.data.reserved };
    default:
      return assertNever(event);
  }
};

/** Adds `delta` to every window of `at` in one statement (the windows' keys differ: one row each). */
const addSpend = async (trx: Db, scope: string, at: Date, delta: SpendDelta) => {
  await trx
    .insertInto('rm_spend_totals')
    .values(
      spendWindowKeys(at).map((windowKey) => ({
        scope,
        window_key: windowKey,
        settled: delta.settled,
        reserved: delta.reserved,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['scope', 'window_key']).doUpdateSet({
        settled: sql<number>`rm_spend_totals.settled + excluded.settled`,
        reserved: sql<number>`rm_spend_totals.reserved + excluded.reserved`,
      }),
    )
    .execute();
};

/** One event's addition to one window row, `ord` its place in the batch (1 = first). */
interface WindowDelta extends SpendDelta {
  scope: string;
  windowKey: string;
}

/** The batch's additions, window by window, in log order (a delta that is not a number throws). */
export const spendDeltasOf = (events: readonly { event: SpendEvent; recorded: RecordedEvent }[]) =>
  events.flatMap(({ event, recorded }): WindowDelta[] => {
    const delta = deltaOf(event);
    if (!Number.isFinite(delta.settled) || !Number.isFinite(delta.reserved))
      throw new TypeError(`${event.type} at ${recorded.globalPosition} has no amount to add`);
    return spendWindowKeys(new Date(event.data.at)).map((windowKey) => ({
      scope: recorded.streamId,
      windowKey,
      ...delta,
    }));
  });

/**
 * A batch's additions in one statement, each row written once. The sums are taken in the database, in
 * log order after the row's current value (`sum(... order by ord)` adds left to right), so the double
 * precision totals come out bit for bit as `apply`'s additions one event at a time.
 */
const addSpendBatch = async (trx: Db, deltas: readonly WindowDelta[]) => {
  if (deltas.length === 0) return;
  await sql`
    with d as (
      select * from unnest(${deltas.map((d) => d.scope)}::text[], ${deltas.map((d) => d.windowKey)}::text[],
                           ${deltas.map((d) => d.settled)}::float8[], ${deltas.map((d) => d.reserved)}::float8[])
        with ordinality as d(scope, window_key, settled, reserved, ord)
    )
    insert into rm_spend_totals (scope, window_key, settled, reserved)
    select scope, window_key, sum(settled order by ord), sum(reserved order by ord)
    from (
      select t.scope, t.window_key, t.settled, t.reserved, 0::bigint as ord
      from rm_spend_totals as t join (select distinct scope, window_key from d) as k using (scope, window_key)
      union all
      select scope, window_key, settled, reserved, ord from d
    ) as a
    group by scope, window_key
    on conflict (scope, window_key) do update set settled = excluded.settled, reserved = excluded.reserved`.execute(
    trx,
  );
};

/**
 * Spend is a projection of the log: each ledger's reservations and settlements summed per window
 * (`rm_spend_totals`, scope = the ledger's stream id), in the windows of the reservation's time.
 * The live runner's batches (`applyMany`) write every window row once, in one statement.
 */
export const spendTotalsProjection = tableProjection<SpendEvent>(
  { name: 'spendTotals', readModel: null },
  ['rm_spend_totals'],
  {
    eventTypes: spendEventTypes,
    apply: async (event, recorded, trx) => {
      await addSpend(trx, recorded.streamId, new Date(event.data.at), deltaOf(event));
      return [recorded.streamId];
    },
    applyMany: async (events, trx): Promise<Applied[]> => {
      await addSpendBatch(trx, spendDeltasOf(events));
      return events.map(({ recorded }) => [recorded.streamId]);
    },
  },
);
