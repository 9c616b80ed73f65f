import {
  announceAppend,
  asConcurrencyError,
  DomainError,
  expectedArgument,
  preparedRows,
  type Db,
  type StreamAppend,
} from '@app/platform';
import { spendTolerance, rollWindows, spentIn } from './ledger-windows';
import { snapshotEvery } from '../shared/stream-state';
import type { LedgerPlan } from './applicable-limits';
import { spendLedgerDecider, type SpendLedgerState, type SpendLimit } from './ledger-decider';
import { ledgerLockKeys, spendLockSpace } from './ledger-locks';
import type { LedgerAhead, ReserveOptions, SpendRequest } from './ports';

/**
 * What the tightest of `limits` still allows once `amount` is counted at `at` (null: no limit): the
 * spend a ledger may gain meanwhile without changing the decision. Counted as the decider counts it.
 */
const slackOf = (state: SpendLedgerState, limits: readonly SpendLimit[], amount: number, at: Date) => {
  let slack: number | null = null;
  for (const limit of limits) {
    if (limit.period === 'Unlimited' || limit.rate === null) continue;
    const spent = spentIn(rollWindows(state.windows, at), state.total, limit.period, at);
    const left = limit.rate + spendTolerance - spent - amount;
    slack = slack === null ? left : Math.min(slack, left);
  }
  return slack;
};

/** A ledger's events decided on it as read ahead; `slack`: what it may gain meanwhile (null: anything). */
export interface Decided {
  append: StreamAppend;
  slack: number | null;
}

/** The reservation decided on each ledger read ahead; undefined when one was not read, or refuses it. */
const decideAhead = (
  r: SpendRequest,
  plans: readonly LedgerPlan[],
  ahead: readonly LedgerAhead[],
): Decided[] | undefined => {
  const byStream = new Map(ahead.map((a) => [a.streamId, a]));
  const [user, ...others] = plans;
  const decided: Decided[] = [];
  for (const plan of plans) {
    const read = byStream.get(plan.streamId);
    if (!read) return undefined;
    const ledgers = plan === user ? others.map((p) => p.streamId) : [];
    let events;
    try {
      events = spendLedgerDecider.decide(
        {
          type: 'ReserveSpend',
          data: { requestId: r.requestId, amount: r.amount, at: r.at, limits: plan.limits, ledgers },
        },
        read.state,
      );
    } catch (e) {
      // A refusal is decided under the locks (its message with the spend as it is then).
      if (e instanceof DomainError) return undefined;
      throw e;
    }
    const event = events[0];
    // The append that makes a snapshot goes through the locked path, which writes it.
    if (!event || events.length !== 1 || (read.version + 1) % snapshotEvery === 0) return undefined;
    decided.push({
      append: { streamId: plan.streamId, events, expectedVersion: read.version },
      slack: slackOf(read.state, plan.limits, r.amount, new Date(event.data.at)),
    });
  }
  return decided;
};

/** The statement, compiled once (a query builder's cost on every request is not). */
const reserveStatement =
  'select o_ord from reserve_spend_append($1::int, $2::int[], $3::text[], $4::bigint[], $5::jsonb[], ' +
  '$6::boolean[], $7::float8[], $8::int, $9::jsonb)';

/** A conflict of the statement, as a ConcurrencyError of the stream `append_to_stream` names. */
const conflictOf = (e: unknown, appends: readonly StreamAppend[]): unknown => {
  const message = typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : '';
  const append = appends.find((a) => message === `stream ${a.streamId} moved on`);
  return append ? asConcurrencyError(e, append.streamId, append.expectedVersion) : e;
};

/**
 * `decided` (each ledger's events, decided on it as read at `expectedVersion`) with `alongside` in
 * one autocommitted statement, under the locks of `lockStreams`: false, nothing appended, when a
 * ledger moved on in a way that could change its decision (`reserve_spend_append`).
 */
export const appendAtOnce = async (
  db: Db,
  input: {
    lockStreams: readonly string[];
    alongside: readonly StreamAppend[];
    decided: readonly Decided[];
    metadata: SpendRequest['metadata'];
  },
): Promise<boolean> => {
  const { alongside, decided } = input;
  const appends = [...alongside, ...decided.map((d) => d.append)];
  let rows: unknown[];
  const values = [
    spendLockSpace,
    ledgerLockKeys(input.lockStreams),
    appends.map((a) => a.streamId),
    appends.map((a) => expectedArgument(a.expectedVersion)),
    appends.map((a) => JSON.stringify(a.events.map((e) => ({ type: e.type, data: e.data })))),
    appends.map((_, i) => i >= alongside.length),
    [...alongside.map(() => null), ...decided.map((d) => d.slack)],
    snapshotEvery,
    JSON.stringify(input.metadata),
  ];
  try {
    rows = await preparedRows(db, 'reserve_spend_append', reserveStatement, values);
  } catch (e) {
    throw conflictOf(e, appends);
  }
  if (rows.length === 0) return false;
  announceAppend(db);
  return true;
};

/**
 * The reservation of `r` on `plans` in one statement (`reserve_spend_append`, migration 0038),
 * decided here on the ledgers read ahead: see SpendGuard.reserveAtOnce. `onDecided` is called before
 * the statement when no limit counts the request (only a reused id could then refuse it, as under
 * the locks), else once it committed.
 */
export const reserveAtOnce = async (
  db: Db,
  r: SpendRequest,
  plans: readonly LedgerPlan[] | undefined,
  ahead: readonly LedgerAhead[] | undefined,
  options: Pick<ReserveOptions, 'alongside' | 'onDecided'>,
): Promise<boolean> => {
  if (!plans || !ahead || db.isTransaction) return false;
  const decided = decideAhead(r, plans, ahead);
  if (!decided) return false;
  const limited = decided.some((d) => d.slack !== null);
  if (!limited) options.onDecided?.();
  const appended = await appendAtOnce(db, {
    lockStreams: plans.map((p) => p.streamId),
    alongside: options.alongside ?? [],
    decided,
    metadata: r.metadata,
  });
  if (!appended) return false;
  if (limited) options.onDecided?.();
  return true;
};
