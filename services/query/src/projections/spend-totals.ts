import { sql } from 'kysely';
import {
  assertNever,
  spendEventTypes,
  spendGranularities,
  spendWindow,
  type SpendEvent,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { tableProjection } from './projection';

/** The windows spend at `at` counts in: its hour, day and month (UTC), and the total. */
export const spendWindowKeys = (at: Date): string[] => [
  ...spendGranularities.map((g) => spendWindow(g, at).key),
  spendWindow('Total', at).key,
];

/** Adds `delta` to every window of `at` in one statement (the windows' keys differ: one row each). */
const addSpend = async (trx: Db, scope: string, at: Date, delta: { settled: number; reserved: number }) => {
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

/**
 * Spend is a projection of the log: each ledger's reservations and settlements summed per window
 * (`rm_spend_totals`, scope = the ledger's stream id). A settlement moves its reservation's amount
 * out of `reserved` and adds the actual cost to `settled`, in the windows of the reservation's time.
 */
export const spendTotalsProjection = tableProjection<SpendEvent>(
  { name: 'spendTotals', readModel: null },
  ['rm_spend_totals'],
  {
    eventTypes: spendEventTypes,
    apply: async (event, recorded, trx) => {
      const scope = recorded.streamId;
      const at = new Date(event.data.at);
      switch (event.type) {
        case 'SpendReserved':
          await addSpend(trx, scope, at, { settled: 0, reserved: event.data.amount });
          break;
        case 'SpendSettled':
          await addSpend(trx, scope, at, { settled: event.data.amount, reserved: -event.data.reserved });
          break;
        default:
          assertNever(event);
      }
      return [scope];
    },
  },
);
