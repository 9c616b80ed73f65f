import { describe, expect, it } from 'vitest';
import { chatMessages, type RateLimitPeriod, type SpendEvent } from '@app/contracts';
import { fold } from '../../src/shared/decider';
import {
  rememberedSettles,
  spendLedgerDecider,
  type SpendLedgerCommand,
  type SpendLimit,
} from '../../src/spend/ledger-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(spendLedgerDecider);

const reserved = (requestId: string, amount: number, at: string, ledgers?: string[]): SpendEvent => ({
  type: 'SpendReserved',
  data: { requestId, amount, at, ...(ledgers ? { ledgers } : {}) },
});
const settled = (requestId: string, reservedAmount: number, amount: number, at: string): SpendEvent => ({
  type: 'SpendSettled',
  data: { requestId, reserved: reservedAmount, amount, at },
});
const limit = (period: RateLimitPeriod, rate: number | null, name = 'Your chat rate limit'): SpendLimit => ({
  name,
  period,
  rate,
});
const reserve = (
  requestId: string,
  amount: number,
  at: string,
  limits: SpendLimit[],
  ledgers: string[] = [],
): SpendLedgerCommand => ({
  type: 'ReserveSpend',
  data: { requestId, amount, at: new Date(at), limits, ledgers },
});
const settle = (requestId: string, amount: number, at: string): SpendLedgerCommand => ({
  type: 'SettleSpend',
  data: { requestId, amount, at: new Date(at) },
});

describe('spend ledger decider: reserve', () => {
  it('reserves within the limit; the other ledgers are kept for settle', () => {
    given([])
      .when(reserve('r1', 2, '2025-03-10T09:15:00.000Z', [limit('Daily', 5)], ['spend-group-G']))
      .then([reserved('r1', 2, '2025-03-10T09:15:00.000Z', ['spend-group-G'])]);
  });

  it('refuses what would pass the limit, counting open reservations, with the reset time', () => {
    given([reserved('r1', 3, '2025-03-10T09:15:00.000Z')])
      .when(reserve('r2', 2.5, '2025-03-10T10:00:00.000Z', [limit('Daily', 5)]))
      .thenThrows(
        chatMessages.limitReached('Your chat rate limit', 'Daily', 5, 3, new Date('2025-03-11T00:00:00Z')),
      );
  });

  it('exactly reaching the limit is allowed; a cent more is not', () => {
    const fourth = [0.25, 0.25, 0.25].map((a, i) => reserved(`r${i}`, a, '2025-03-10T09:00:00.000Z'));
    given(fourth)
      .when(reserve('r3', 0.25, '2025-03-10T09:01:00.000Z', [limit('Hourly', 1)]))
      .then([reserved('r3', 0.25, '2025-03-10T09:01:00.000Z')]);
    given(fourth)
      .when(reserve('r3', 0.26, '2025-03-10T09:01:00.000Z', [limit('Hourly', 1)]))
      .thenThrows(
        chatMessages.limitReached(
          'Your chat rate limit',
          'Hourly',
          1,
          0.75,
          new Date('2025-03-10T10:00:00Z'),
        ),
      );
  });

  it.each([
    ['Hourly', '2025-03-10T09:59:59.000Z', '2025-03-10T10:00:00.000Z', '2025-03-10T10:00:00Z'],
    ['Daily', '2025-03-10T23:59:59.000Z', '2025-03-11T00:00:00.000Z', '2025-03-11T00:00:00Z'],
    ['Monthly', '2025-03-31T23:59:59.000Z', '2025-04-01T00:00:00.000Z', '2025-04-01T00:00:00Z'],
  ] as const)('%s: the window resets at the boundary (UTC)', (period, before, after, resetsAt) => {
    const spent = [settled('r1', 0, 4, before)];
    given(spent)
      .when(reserve('r2', 2, before, [limit(period, 5)]))
      .thenThrows(chatMessages.limitReached('Your chat rate limit', period, 5, 4, new Date(resetsAt)));
    given(spent)
      .when(reserve('r2', 2, after, [limit(period, 5)]))
      .then([reserved('r2', 2, after)]);
  });

  it('Total never resets', () => {
    given([settled('r1', 0, 4, '2020-01-01T00:00:00.000Z')])
      .when(reserve('r2', 2, '2025-06-01T00:00:00.000Z', [limit('Total', 5)]))
      .thenThrows(chatMessages.limitReached('Your chat rate limit', 'Total', 5, 4, null));
  });

  it('Unlimited never refuses (and no limit at all only records)', () => {
    given([settled('r1', 0, 1_000_000, '2025-03-10T09:00:00.000Z')])
      .when(reserve('r2', 5000, '2025-03-10T09:00:00.000Z', [limit('Unlimited', null)]))
      .then([reserved('r2', 5000, '2025-03-10T09:00:00.000Z')]);
    given([])
      .when(reserve('r1', 5000, '2025-03-10T09:00:00.000Z', []))
      .then([reserved('r1', 5000, '2025-03-10T09:00:00.000Z')]);
  });

  it('a rate of 0 blocks any spend', () => {
    given([])
      .when(reserve('r1', 0.01, '2025-03-10T09:00:00.000Z', [limit('Daily', 0)]))
      .thenThrows(
        chatMessages.limitReached('Your chat rate limit', 'Daily', 0, 0, new Date('2025-03-11T00:00:00Z')),
      );
  });

  it('names the first of several limits that would be passed', () => {
    given([settled('r1', 0, 3, '2025-03-10T09:00:00.000Z')])
      .when(
        reserve('r2', 2, '2025-03-10T09:30:00.000Z', [
          limit('Monthly', 100),
          limit('Daily', 4, 'The limit of the group G'),
          limit('Hourly', 1),
        ]),
      )
      .thenThrows(
        chatMessages.limitReached(
          'The limit of the group G',
          'Daily',
          4,
          3,
          new Date('2025-03-11T00:00:00Z'),
        ),
      );
  });

  it('a request id already reserved or settled is refused', () => {
    given([reserved('r1', 1, '2025-03-10T09:00:00.000Z')])
      .when(reserve('r1', 1, '2025-03-10T09:00:00.000Z', []))
      .thenThrows(chatMessages.requestIdInUse);
    given([settled('r1', 1, 1, '2025-03-10T09:00:00.000Z')])
      .when(reserve('r1', 1, '2025-03-10T09:00:00.000Z', []))
      .thenThrows(chatMessages.requestIdInUse);
  });

  it("a clock behind the ledger's time counts in the ledger's current window", () => {
    given([reserved('r1', 4, '2025-03-10T10:00:00.000Z')])
      .when(reserve('r2', 2, '2025-03-10T09:59:59.000Z', [limit('Hourly', 5)]))
      .thenThrows(
        chatMessages.limitReached('Your chat rate limit', 'Hourly', 5, 4, new Date('2025-03-10T11:00:00Z')),
      );
  });
});

describe('spend ledger decider: settle', () => {
  it('replaces the reservation with the actual amount, in the windows of the reservation', () => {
    given([reserved('r1', 3, '2025-03-10T09:59:00.000Z')])
      .when(settle('r1', 1.25, '2025-03-10T10:01:00.000Z'))
      .then([settled('r1', 3, 1.25, '2025-03-10T09:59:00.000Z')]);
  });

  it('a lower actual cost frees the difference for the next request', () => {
    const history = [
      reserved('r1', 4, '2025-03-10T09:00:00.000Z'),
      settled('r1', 4, 1, '2025-03-10T09:00:00.000Z'),
    ];
    given(history)
      .when(reserve('r2', 4, '2025-03-10T09:05:00.000Z', [limit('Hourly', 5)]))
      .then([reserved('r2', 4, '2025-03-10T09:05:00.000Z')]);
  });

  it('without a reservation it records the amount', () => {
    given([])
      .when(settle('r1', 2, '2025-03-10T09:00:00.000Z'))
      .then([settled('r1', 0, 2, '2025-03-10T09:00:00.000Z')]);
  });

  it('a second settle of the same request does nothing', () => {
    given([reserved('r1', 3, '2025-03-10T09:00:00.000Z'), settled('r1', 3, 1, '2025-03-10T09:00:00.000Z')])
      .when(settle('r1', 1, '2025-03-10T09:01:00.000Z'))
      .then([]);
  });

  it('refuses a negative amount as a bug, not a rule', () => {
    expect(() =>
      spendLedgerDecider.decide(
        settle('r1', -1, '2025-03-10T09:00:00.000Z'),
        spendLedgerDecider.initialState(),
      ),
    ).toThrow(/spend amount/);
  });
});

describe('spend ledger state', () => {
  it('keeps only the current windows, the total and the open reservations; settled ids are bounded', () => {
    const events: SpendEvent[] = [];
    for (let i = 0; i < rememberedSettles + 20; i += 1) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
      events.push(reserved(`r${i}`, 1, at), settled(`r${i}`, 1, 0.5, at));
    }
    events.push(reserved('open', 2, '2025-01-06T00:30:00.000Z'));
    const state = fold(spendLedgerDecider, events);
    expect(state.windows.Hourly).toEqual({ key: 'h:2025-01-06T00', settled: 0, reserved: 2 });
    expect(state.windows.Daily).toEqual({ key: 'd:2025-01-06', settled: 0, reserved: 2 });
    expect(state.windows.Monthly).toEqual({ key: 'm:2025-01', settled: 60, reserved: 2 });
    expect(state.total).toEqual({ settled: 60, reserved: 2 });
    expect(state.open.map((o) => o.requestId)).toEqual(['open']);
    expect(state.settled).toHaveLength(rememberedSettles);
    // evolveAll (one copy per run) and evolve (one per event) agree, and the state survives JSON.
    expect(events.reduce(spendLedgerDecider.evolve, spendLedgerDecider.initialState())).toEqual(state);
    expect(spendLedgerDecider.snapshot?.restore(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it('sums of cents do not drift', () => {
    const events = Array.from({ length: 10 }, (_, i) => settled(`r${i}`, 0, 0.1, '2025-01-01T00:00:00.000Z'));
    expect(fold(spendLedgerDecider, events).total.settled).toBe(1);
  });
});
