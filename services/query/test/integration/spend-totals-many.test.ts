import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendStreamIds, type SpendEvent } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { spendTotalsProjection } from '../../src/projections/spend-totals';
import { appendLog, foldLog, recording, resetProjection, type LogEvent } from '../support/batch-folding';

const scopes = [
  spendStreamIds.user('ann@example.com'),
  spendStreamIds.user('bob@example.com'),
  spendStreamIds.group('Lab'),
  spendStreamIds.apiKey('k1'),
];
/** Reservation times over two months, several days and hours: each falls in four windows. */
const times = [
  '2026-03-01T10:15:00.000Z',
  '2026-03-01T10:45:00.000Z',
  '2026-03-01T11:05:00.000Z',
  '2026-03-02T00:30:00.000Z',
  '2026-04-30T23:59:00.000Z',
];

/**
 * Reservations, each settled a few events later (in the same batch or a later one) with its actual
 * cost, in amounts whose sums round differently in another order; some settled without a reservation.
 */
const spendLog = (): LogEvent[] => {
  const events: LogEvent[] = [];
  const pending: { scope: string; data: SpendEvent['data'] & { amount: number } }[] = [];
  const push = (scope: string, event: SpendEvent) =>
    events.push({ streamId: scope, ...event, actor: 'ann@example.com', at: '2026-03-01T00:00:00.000Z' });
  for (let n = 0; n < 36; n++) {
    const scope = scopes[n % scopes.length] ?? '';
    const at = times[(n * 3) % times.length] ?? '';
    const amount = [0.1, 0.2, 0.3, 1 / 3, 0.07, 0.013][n % 6] ?? 0;
    const data = { requestId: `q${n}`, amount, at };
    push(scope, { type: 'SpendReserved', data });
    pending.push({ scope, data });
    if (n % 3 === 2) {
      const reserved = pending.shift();
      if (reserved)
        push(reserved.scope, {
          type: 'SpendSettled',
          data: { ...reserved.data, reserved: reserved.data.amount, amount: reserved.data.amount * 0.7 },
        });
    }
    if (n % 11 === 10)
      push(scope, { type: 'SpendSettled', data: { requestId: `s${n}`, reserved: 0, amount: 0.1, at } });
  }
  return events;
};

let database: TestDatabase;
const log = spendLog();
beforeAll(async () => {
  database = await createTestDatabase();
  await appendLog(database.db, log);
});
afterAll(async () => {
  await database.drop();
});

const rows = () =>
  database.db.selectFrom('rm_spend_totals').selectAll().orderBy('scope').orderBy('window_key').execute();

describe('spend totals folded a batch at a time by the live runner (applyMany)', () => {
  it('given reservations and settlements over four ledgers and many windows, when the runner folds them in batches of any size, then the rows and each answer are those of apply event by event, each batch in one statement', async () => {
    const reference = recording(spendTotalsProjection, true);
    await resetProjection(database.db, spendTotalsProjection);
    await foldLog(database.db, reference.projection, 1000);
    const expected = await rows();
    // Event by event: one statement per event.
    expect(reference.record.statements).toEqual(log.map(() => 1));
    expect(reference.record.answers).toEqual(log.map((e) => [e.streamId]));
    // Every ledger met every hour, day and month of the times, and its total: 4 + 3 + 2 + 1 windows.
    expect(expected).toHaveLength(scopes.length * 10);

    for (const size of [1, 4, 9, 1000]) {
      await resetProjection(database.db, spendTotalsProjection);
      const batched = recording(spendTotalsProjection, false);
      await foldLog(database.db, batched.projection, size);
      expect(await rows()).toEqual(expected);
      expect(batched.record.answers).toEqual(reference.record.answers);
      expect(batched.record.applyCalls).toBe(0);
      expect(batched.record.statements).toEqual(
        Array.from({ length: Math.ceil(log.length / size) }, () => 1),
      );
    }
  });

  it('given a batch whose event has no amount, when the runner folds it, then applyMany throws and the batch is folded event by event with the rows of apply', async () => {
    await resetProjection(database.db, spendTotalsProjection);
    const reference = recording(spendTotalsProjection, true);
    await foldLog(database.db, reference.projection, 1000);
    await appendLog(database.db, [
      {
        streamId: scopes[0] ?? '',
        type: 'SpendReserved',
        data: { requestId: 'bad', at: times[0] },
        actor: 'ann@example.com',
        at: times[0] ?? '',
      },
      {
        streamId: scopes[1] ?? '',
        type: 'SpendReserved',
        data: { requestId: 'ok', amount: 0.2, at: times[0] },
        actor: 'ann@example.com',
        at: times[0] ?? '',
      },
    ]);
    const next = recording(spendTotalsProjection, true);
    await foldLog(database.db, next.projection, 1000);
    const expected = await rows();

    await resetProjection(database.db, spendTotalsProjection);
    const batched = recording(spendTotalsProjection, false);
    await foldLog(database.db, batched.projection, 1000);
    expect(await rows()).toEqual(expected);
    // The batch with the bad event was folded again by apply; every answer is apply's.
    expect(batched.record.applyCalls).toBeGreaterThan(0);
    expect(batched.record.answers).toEqual([...reference.record.answers, ...next.record.answers]);
  });
});
