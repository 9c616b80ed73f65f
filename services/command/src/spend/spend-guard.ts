import { accountsStreamId, amplifyGroupsStreamId, rateLimitStreamId, spendStreamIds } from '@app/contracts';
import {
  appendToStreams,
  DomainError,
  inTransaction,
  observeSpendAppend,
  type Db,
  type StreamAppend,
} from '@app/platform';
import { accountOf, accountsDecider } from '../accounts/index';
import { amplifyGroupsDecider, chatRateLimitDecider } from '../configurations/index';
import { createStateCache, type StateBatch, type StateCache } from '../shared/state-cache';
import { snapshotEvery } from '../shared/stream-state';
import { writeSnapshot } from '../shared/snapshots';
import { fold } from '../shared/decider';
import { planLedgers, type LedgerPlan } from './applicable-limits';
import { spendLedgerDecider, type SpendLedgerCommand } from './ledger-decider';
import { lockLedgers } from './ledger-locks';
import { reserveAtOnce } from './reserve-at-once';
import { settleAtOnce } from './settle-at-once';
import {
  UnknownAccountError,
  type LedgerAhead,
  type ReserveOptions,
  type SettleOptions,
  type SpendGuard,
  type SpendPlan,
  type SpendRequest,
  type SpendScope,
} from './ports';

/** Runs `work` in `db`'s transaction when it is one, else in a new one. */
const within = <R>(db: Db, work: (trx: Db) => Promise<R>): Promise<R> =>
  db.isTransaction ? work(db) : inTransaction(db, work);

/**
 * The ledgers of `r` as the configuration is now: the Chat Rate Limit card, the Amplify groups and
 * the caller's accounts, added to `batch` (read together, one round trip through the cache). An
 * account the caller does not have is refused (`strict`), or only leaves the account's ledger out (a
 * settle: the reservation is made).
 */
const addLedgersOf = (batch: StateBatch, r: SpendScope, strict: boolean): (() => LedgerPlan[]) => {
  const userLimit = batch.add(chatRateLimitDecider, rateLimitStreamId);
  const groups = batch.add(amplifyGroupsDecider, amplifyGroupsStreamId);
  // With an API key, the account is one of the key owner's.
  const accountOwner = r.apiKey?.owner ?? r.actor;
  const accounts = batch.add(accountsDecider, accountsStreamId(accountOwner));
  return () => {
    const account = accountOf(accounts(), r.accountId);
    if (!account && strict) throw new UnknownAccountError(r.accountId);
    return planLedgers({
      email: r.actor,
      userLimit: userLimit(),
      groups: groups(),
      account,
      accountOwner,
      ...(r.apiKey ? { apiKey: r.apiKey } : {}),
    });
  };
};

const ledgersOf = async (
  cache: StateCache,
  trx: Db,
  r: SpendScope,
  strict: boolean,
): Promise<LedgerPlan[]> => {
  const batch = cache.batch();
  const ledgers = addLedgersOf(batch, r, strict);
  await batch.load(trx);
  return ledgers();
};

/**
 * The plan of `scope` with each of its ledgers read ahead (`reserveAtOnce` decides on them): the
 * user's ledger with the configuration (one statement when all were read before), the others, when
 * there are any, after it.
 */
const planAhead = async (cache: StateCache, db: Db, scope: SpendScope): Promise<SpendPlan> => {
  const batch = cache.batch();
  const plans = addLedgersOf(batch, scope, true);
  const userStream = spendStreamIds.user(scope.actor);
  const user = batch.addVersioned(spendLedgerDecider, userStream);
  await batch.load(db);
  const ledgers = plans();
  const rest = cache.batch();
  const others = ledgers
    .filter((p) => p.streamId !== userStream)
    .map((p) => ({ streamId: p.streamId, loaded: rest.addVersioned(spendLedgerDecider, p.streamId) }));
  if (others.length > 0) await rest.load(db);
  const ahead: LedgerAhead[] = [userStream, ...others].map((o) =>
    typeof o === 'string' ? { streamId: o, ...user() } : { streamId: o.streamId, ...o.loaded() },
  );
  return { scope, ledgers, limited: ledgers.some((plan) => plan.limits.length > 0), ahead };
};

/** A snapshot is kept when an append crosses a multiple of `snapshotEvery`: a cold read folds fewer. */
const crossesSnapshot = (version: number, next: number) =>
  Math.floor(next / snapshotEvery) > Math.floor(version / snapshotEvery);

/**
 * Decides `commandOf(streamId)` on each ledger (read under their locks, through `cache`: only the
 * events since this process last read a ledger, in one statement) and only then appends: a refusal
 * on any ledger throws before anything is appended, so the caller's transaction is left as it was.
 * The first ledger's refusal is the one named.
 */
const onLedgers = async (
  cache: StateCache,
  trx: Db,
  streamIds: readonly string[],
  commandOf: (streamId: string) => SpendLedgerCommand,
  metadata: SpendRequest['metadata'],
  options: Pick<ReserveOptions, 'alongside' | 'onDecided'> = {},
): Promise<void> => {
  const batch = cache.batch();
  const ledgers = streamIds.map((streamId) => ({
    streamId,
    loaded: batch.addVersioned(spendLedgerDecider, streamId),
  }));
  await batch.load(trx);
  const decided = ledgers.map(({ streamId, loaded }) => {
    const { state, version } = loaded();
    return { streamId, state, version, events: spendLedgerDecider.decide(commandOf(streamId), state) };
  });
  options.onDecided?.();
  const alongside = options.alongside ?? [];
  const appending = decided.filter((d) => d.events.length > 0);
  const results = await appendToStreams(
    trx,
    [
      ...alongside,
      ...appending.map((d) => ({ streamId: d.streamId, events: d.events, expectedVersion: d.version })),
    ],
    metadata,
  );
  for (const [i, { streamId, state, version, events }] of appending.entries()) {
    const next = results[alongside.length + i]?.nextExpectedVersion ?? 0;
    if (crossesSnapshot(version, next) && spendLedgerDecider.snapshot)
      await writeSnapshot(trx, {
        streamId,
        version: next,
        shape: spendLedgerDecider.snapshot.shape,
        state: fold(spendLedgerDecider, events, state),
      });
  }
};

/** The plan read ahead, when it was read for this request's scope. */
const planFor = (r: SpendRequest, plan: SpendPlan | undefined): readonly LedgerPlan[] | undefined =>
  plan &&
  plan.scope.actor === r.actor &&
  plan.scope.accountId === r.accountId &&
  plan.scope.apiKey?.id === r.apiKey?.id
    ? plan.ledgers
    : undefined;

const reserve = (cache: StateCache, db: Db, r: SpendRequest, options: ReserveOptions = {}): Promise<void> =>
  within(db, async (trx) => {
    const plans = planFor(r, options.plan) ?? (await ledgersOf(cache, trx, r, true));
    const streamIds = plans.map((p) => p.streamId);
    await lockLedgers(trx, streamIds);
    const [user, ...others] = plans;
    const byStream = new Map(plans.map((p) => [p.streamId, p]));
    // The user's ledger first, then the groups' and the account's: the first limit passed is named.
    await onLedgers(
      cache,
      trx,
      streamIds,
      (streamId) => ({
        type: 'ReserveSpend',
        data: {
          requestId: r.requestId,
          amount: r.amount,
          at: r.at,
          limits: byStream.get(streamId)?.limits ?? [],
          ledgers: streamId === user?.streamId ? others.map((p) => p.streamId) : [],
        },
      }),
      r.metadata,
      options,
    );
    observeSpendAppend('reserve', 'locked');
  });

const settle = async (cache: StateCache, db: Db, r: SpendRequest, options: SettleOptions): Promise<void> => {
  // In one statement when the ledgers read now show the reservation open; else under the locks.
  if (await settleAtOnce(cache, db, r, options.alongside ?? [])) {
    observeSpendAppend('settle', 'one_statement');
    return;
  }
  await settleLocked(cache, db, r, options.alongside ?? []);
  observeSpendAppend('settle', 'locked');
};

const settleLocked = (
  cache: StateCache,
  db: Db,
  r: SpendRequest,
  alongside: readonly StreamAppend[],
): Promise<void> =>
  within(db, async (trx) => {
    const userStream = spendStreamIds.user(r.actor);
    const read = cache.batch();
    const userLedger = read.add(spendLedgerDecider, userStream);
    await read.load(trx);
    const user = userLedger();
    if (user.settled.includes(r.requestId)) {
      if (alongside.length > 0) await appendToStreams(trx, alongside, r.metadata);
      return;
    }
    const open = user.open.find((o) => o.requestId === r.requestId);
    // The ledgers the reservation was made on; without one, those the request would count on now.
    const ledgers = open
      ? [userStream, ...(open.ledgers ?? [])]
      : (await ledgersOf(cache, trx, r, false)).map((p) => p.streamId);
    await lockLedgers(trx, ledgers);
    await onLedgers(
      cache,
      trx,
      ledgers,
      () => ({ type: 'SettleSpend', data: { requestId: r.requestId, amount: r.amount, at: r.at } }),
      r.metadata,
      { alongside: [...alongside] },
    );
  });

/**
 * The spend guard of chat requests. `reserve` resolves the limits that apply, locks their ledgers
 * (in a fixed order) in the caller's transaction and reserves on each, or refuses with the first
 * limit passed and reserves nothing; the locks are held until the caller's transaction ends, so
 * concurrent reservations are decided one after the other. `settle` replaces a reservation with the
 * actual cost on every ledger it was made on, in one transaction. The configuration it reads is kept
 * between requests (checked against the log's heads at each one): one guard per database.
 * `reserveAtOnce` makes the reservation in one statement on the ledgers read with the plan.
 */
export const createSpendGuard = (): SpendGuard => {
  const cache = createStateCache({ keepSnapshots: true });
  return {
    reserve: (db, r, options) => reserve(cache, db, r, options),
    reserveAtOnce: async (db, r, options) => {
      const made = await reserveAtOnce(db, r, planFor(r, options.plan), options.plan?.ahead, options);
      if (made) observeSpendAppend('reserve', 'one_statement');
      return made;
    },
    plan: async (db, scope) => {
      try {
        // A plan read in a transaction is not read ahead: the cache keeps committed states only.
        if (!db.isTransaction) return await planAhead(cache, db, scope);
        const ledgers = await ledgersOf(cache, db, scope, true);
        return { scope, ledgers, limited: ledgers.some((plan) => plan.limits.length > 0) };
      } catch (e) {
        if (e instanceof DomainError) return null;
        throw e;
      }
    },
    settle: (db, r, options = {}) => settle(cache, db, r, options),
  };
};
