import {
  announceAppend,
  asConcurrencyError,
  DomainError,
  expectedArgument,
  preparedRows,
  turnBatcher,
  turnBatcherPerDatabase,
  type Db,
  type StreamAppend,
} from '@app/platform';
import { spendTolerance, rollWindows, spentIn } from './ledger-windows';
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
    // The ledger's snapshots are kept as the guard's reads pass them (state-cache.ts, keepSnapshots).
    if (!event || events.length !== 1) return undefined;
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

/**
 * The functions' `p_snapshot_every`: 0, the append that makes a multiple is no longer left to the
 * locked path (the guard's state cache keeps the ledger's snapshot once a read passes it).
 */
const snapshotEvery = 0;

/** The statement of several, each an item of `reserve_spend_append_many` (migration 0040). */
const reserveManyStatement =
  'select o_item, o_appended, o_code, o_message, o_detail from reserve_spend_append_many($1::int, $2::jsonb)';

/**
 * At most this many in one statement: each item is a subtransaction, and PostgreSQL keeps 64 of a
 * transaction's in shared memory before other sessions' snapshots must look further.
 */
const itemsPerStatement = 48;

/** A conflict of the statement, as a ConcurrencyError of the stream `append_to_stream` names. */
const conflictOf = (e: unknown, appends: readonly StreamAppend[]): unknown => {
  const message = typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : '';
  const append = appends.find((a) => message === `stream ${a.streamId} moved on`);
  return append ? asConcurrencyError(e, append.streamId, append.expectedVersion) : e;
};

interface AtOnce {
  lockStreams: readonly string[];
  alongside: readonly StreamAppend[];
  decided: readonly Decided[];
  metadata: SpendRequest['metadata'];
  /**
   * When its request was made: the items of a turn go in this order, as a ledger takes a reservation
   * at once only after those no later than it (one user's burst would otherwise leave every other
   * reservation to the locked path).
   */
  at: Date;
}

/** One call's arguments, as `reserve_spend_append` takes them (and each item of the many). */
const argumentsOf = (input: AtOnce) => {
  const { alongside, decided } = input;
  const appends = [...alongside, ...decided.map((d) => d.append)];
  return {
    appends,
    lockKeys: ledgerLockKeys(input.lockStreams),
    streams: appends.map((a) => a.streamId),
    expected: appends.map((a) => expectedArgument(a.expectedVersion)),
    events: appends.map((a) => a.events.map((e) => ({ type: e.type, data: e.data }))),
    ledger: appends.map((_, i) => i >= alongside.length),
    slack: [...alongside.map(() => null), ...decided.map((d) => d.slack)],
    metadata: input.metadata,
  };
};

/** One call on its own: the statement of one (nothing to undo alone, no subtransaction). */
const appendOne = async (db: Db, input: AtOnce): Promise<boolean> => {
  const a = argumentsOf(input);
  try {
    const rows = await preparedRows(db, 'reserve_spend_append', reserveStatement, [
      spendLockSpace,
      a.lockKeys,
      a.streams,
      a.expected,
      a.events.map((e) => JSON.stringify(e)),
      a.ledger,
      a.slack,
      snapshotEvery,
      JSON.stringify(a.metadata),
    ]);
    return rows.length > 0;
  } catch (e) {
    throw conflictOf(e, a.appends);
  }
};

interface ItemRow {
  o_item: number;
  o_appended: boolean;
  o_code: string | null;
  o_message: string | null;
  o_detail: string | null;
}

/** The error an item answered, as the statement of one would have raised it. */
const itemError = (row: ItemRow): Error =>
  Object.assign(new Error(row.o_message ?? 'the reservation failed'), {
    code: row.o_code ?? undefined,
    detail: row.o_detail ?? undefined,
  });

/** The calls of one turn: one statement of one, or `reserve_spend_append_many` for several. */
const appendsOfTurn = turnBatcherPerDatabase((db) =>
  turnBatcher<AtOnce, boolean>(async (inputs) => {
    if (inputs.length === 1 && inputs[0]) return [await appendOne(db, inputs[0]).catch((e: Error) => e)];
    const all = inputs.map((input, i) => ({ i, at: input.at.getTime(), a: argumentsOf(input) }));
    // In the order the requests were made (see AtOnce.at); each answer goes back to its call.
    const sorted = [...all].sort((x, y) => x.at - y.at);
    const items = sorted.map(({ a: { appends: _appends, ...item } }) => ({ ...item, snapshotEvery }));
    const rows = await preparedRows<ItemRow>(db, 'reserve_spend_append_many', reserveManyStatement, [
      spendLockSpace,
      JSON.stringify(items),
    ]);
    const placeOf = new Map(sorted.map((x, place) => [x.i, place + 1]));
    const byItem = new Map(rows.map((row) => [row.o_item, row]));
    return all.map(({ i, a }) => {
      const row = byItem.get(placeOf.get(i) ?? 0);
      if (!row) return new Error('the reservation answered no row');
      if (row.o_code !== null) {
        const e = conflictOf(itemError(row), a.appends);
        return e instanceof Error ? e : itemError(row);
      }
      return row.o_appended;
    });
  }, itemsPerStatement),
);

/**
 * `decided` (each ledger's events, decided on it as read at `expectedVersion`) with `alongside` in
 * one autocommitted statement, under the locks of `lockStreams`: false, nothing appended, when a
 * ledger moved on in a way that could change its decision (`reserve_spend_append`). The calls of
 * one turn of the loop (a burst's acceptances, the settles of streams that ended together) go as one
 * statement, each undone alone when it fails (`reserve_spend_append_many`).
 */
export const appendAtOnce = async (db: Db, input: AtOnce): Promise<boolean> => {
  const appended = await appendsOfTurn(db).load(input);
  if (appended) announceAppend(db);
  return appended;
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
    at: r.at,
  });
  if (!appended) return false;
  if (limited) options.onDecided?.();
  return true;
};
