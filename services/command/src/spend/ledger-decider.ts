import { chatMessages, spendWindow, type RateLimitPeriod, type SpendEvent } from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';
import {
  addToWindows,
  noWindows,
  rollWindows,
  roundSpend,
  spendTolerance,
  spentIn,
  type LedgerWindows,
} from './ledger-windows';

/** A limit checked on a ledger: its name as the refusal says it, dollars per period. */
export interface SpendLimit {
  name: string;
  period: RateLimitPeriod;
  rate: number | null;
}

export interface OpenReservation {
  requestId: string;
  amount: number;
  /** ISO time: the windows it counts in. */
  at: string;
  ledgers?: string[];
}

/**
 * A spend ledger: the spend of the current hour, day and month (UTC; older windows are dropped as
 * time moves on) and the total, each settled plus held by open reservations; the open reservations;
 * the last requests settled (a second settle of one of them does nothing). Plain JSON, small.
 */
export interface SpendLedgerState {
  windows: LedgerWindows;
  total: { settled: number; reserved: number };
  open: OpenReservation[];
  settled: string[];
  /** ISO time of the latest event folded ('' before any): the ledger's time never goes back. */
  at: string;
}

/** How many settled request ids a ledger remembers, to ignore a settle sent again. */
export const rememberedSettles = 100;

export type SpendLedgerCommand =
  | {
      type: 'ReserveSpend';
      data: {
        requestId: string;
        amount: number;
        at: Date;
        /** The limits that count this ledger's spend; none: the spend is only recorded. */
        limits: readonly SpendLimit[];
        /** The other ledgers the same reservation is made on (kept on the user's ledger, for settle). */
        ledgers?: readonly string[];
      };
    }
  | { type: 'SettleSpend'; data: { requestId: string; amount: number; at: Date } };

const initialState = (): SpendLedgerState => ({
  windows: noWindows(),
  total: { settled: 0, reserved: 0 },
  open: [],
  settled: [],
  at: '',
});

const checkedAmount = (amount: number): number => {
  if (!Number.isFinite(amount) || amount < 0) throw new Error(`A spend amount must be >= 0, got ${amount}`);
  return amount;
};

/** The ledger's time for a command at `at`: never before the latest event (a clock behind is caught up). */
const timeOf = (state: SpendLedgerState, at: Date): Date =>
  state.at !== '' && new Date(state.at) > at ? new Date(state.at) : at;

const isKnown = (state: SpendLedgerState, requestId: string) =>
  state.settled.includes(requestId) || state.open.some((o) => o.requestId === requestId);

/** A reservation refused by a spend limit: its message names the limit; `resetsAt` when it resets (null: never). */
export class SpendLimitReached extends DomainError {
  constructor(
    message: string,
    readonly resetsAt: Date | null,
  ) {
    super(message);
    this.name = 'SpendLimitReached';
  }
}

/** Refuses with the first limit the reservation would pass, in the order given. */
const refuseOverLimit = (
  state: SpendLedgerState,
  limits: readonly SpendLimit[],
  amount: number,
  at: Date,
) => {
  for (const limit of limits) {
    if (limit.period === 'Unlimited' || limit.rate === null) continue;
    const windows = rollWindows(state.windows, at);
    const spent = spentIn(windows, state.total, limit.period, at);
    if (spent + amount > limit.rate + spendTolerance) {
      const { resetsAt } = spendWindow(limit.period, at);
      const message = chatMessages.limitReached(limit.name, limit.period, limit.rate, spent, resetsAt);
      throw new SpendLimitReached(message, resetsAt);
    }
  }
};

const decide = (command: SpendLedgerCommand, state: SpendLedgerState): SpendEvent[] => {
  switch (command.type) {
    case 'ReserveSpend': {
      const { requestId, limits, ledgers } = command.data;
      const amount = checkedAmount(command.data.amount);
      const at = timeOf(state, command.data.at);
      if (isKnown(state, requestId)) throw new DomainError(chatMessages.requestIdInUse);
      refuseOverLimit(state, limits, amount, at);
      const also = ledgers && ledgers.length > 0 ? { ledgers: [...ledgers] } : {};
      return [{ type: 'SpendReserved', data: { requestId, amount, at: at.toISOString(), ...also } }];
    }
    case 'SettleSpend': {
      const { requestId } = command.data;
      const amount = checkedAmount(command.data.amount);
      if (state.settled.includes(requestId)) return [];
      const open = state.open.find((o) => o.requestId === requestId);
      const at = open ? open.at : timeOf(state, command.data.at).toISOString();
      return [{ type: 'SpendSettled', data: { requestId, reserved: open?.amount ?? 0, amount, at } }];
    }
    default:
      return assertNever(command);
  }
};

const later = (a: string, b: string) => (a === '' || new Date(b) > new Date(a) ? b : a);

/** Folds a run of events onto one copy of the state. Pure: `state` is left as it was. */
const evolveAll = (state: SpendLedgerState, events: readonly SpendEvent[]): SpendLedgerState => {
  let { windows, total, open, settled, at } = state;
  for (const event of events) {
    const when = new Date(event.data.at);
    windows = rollWindows(windows, when);
    at = later(at, event.data.at);
    switch (event.type) {
      case 'SpendReserved': {
        const { amount } = event.data;
        windows = addToWindows(windows, when, { settled: 0, reserved: amount });
        total = { settled: total.settled, reserved: roundSpend(total.reserved + amount) };
        open = [...open, { ...event.data }];
        break;
      }
      case 'SpendSettled': {
        const { requestId, reserved, amount } = event.data;
        windows = addToWindows(windows, when, { settled: amount, reserved: -reserved });
        total = {
          settled: roundSpend(total.settled + amount),
          reserved: roundSpend(total.reserved - reserved),
        };
        open = open.filter((o) => o.requestId !== requestId);
        settled = [...settled, requestId].slice(-rememberedSettles);
        break;
      }
      default:
        assertNever(event);
    }
  }
  return { windows, total, open, settled, at };
};

const isSpend = (j: unknown) =>
  isPlainObject(j) && typeof j['settled'] === 'number' && typeof j['reserved'] === 'number';

/**
 * A spend ledger (`spend-user-…`, `spend-group-…`, `spend-account-…`): reserves against the limits
 * that count it, refusing with the first that would be passed (spent and reserved in its current
 * window, plus the amount), and settles a request's actual cost in place of its reservation.
 */
export const spendLedgerDecider: Decider<SpendLedgerState, SpendLedgerCommand, SpendEvent> = {
  initialState,
  decide,
  evolve: (state, event) => evolveAll(state, [event]),
  evolveAll,
  snapshot: plainSnapshot(
    'spendLedger/1',
    (j) =>
      isPlainObject(j) &&
      isPlainObject(j['windows']) &&
      ['Hourly', 'Daily', 'Monthly'].every((g) => isSpend((j['windows'] as Record<string, unknown>)[g])) &&
      isSpend(j['total']) &&
      Array.isArray(j['open']) &&
      Array.isArray(j['settled']) &&
      typeof j['at'] === 'string',
  ),
};
