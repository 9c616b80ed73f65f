import { spendStreamIds } from '@app/contracts';
import type { Db, StreamAppend } from '@app/platform';
import type { StateCache } from '../shared/state-cache';
import { spendLedgerDecider } from './ledger-decider';
import { appendAtOnce, type Decided } from './reserve-at-once';
import type { SpendRequest } from './ports';

/**
 * The settle of `r` in one statement on `db` (a pool), decided on the ledgers as `cache` reads them
 * now (without their locks): the user's ledger names the others the reservation was made on. A
 * settle does not depend on what the ledgers gained meanwhile, only on the reservation still being
 * open there, which the statement checks (no settle of it since). Answers false, nothing appended,
 * when that cannot be shown (no open reservation read): the caller
 * then settles under the locks. `alongside` (the caller's appends) go in the same statement.
 */
export const settleAtOnce = async (
  cache: StateCache,
  db: Db,
  r: SpendRequest,
  alongside: readonly StreamAppend[] = [],
): Promise<boolean> => {
  if (db.isTransaction) return false;
  // Nothing to settle here: `alongside` is still to append, which the locked settle does.
  const done = alongside.length === 0;
  const userStream = spendStreamIds.user(r.actor);
  const read = cache.batch();
  const user = read.addVersioned(spendLedgerDecider, userStream);
  await read.load(db);
  const userLedger = user();
  if (userLedger.state.settled.includes(r.requestId)) return done;
  const open = userLedger.state.open.find((o) => o.requestId === r.requestId);
  if (!open) return false;
  const others = open.ledgers ?? [];
  const rest = cache.batch();
  const loaded = others.map((streamId) => ({
    streamId,
    ledger: rest.addVersioned(spendLedgerDecider, streamId),
  }));
  if (loaded.length > 0) await rest.load(db);
  const ledgers = [
    { streamId: userStream, ...userLedger },
    ...loaded.map((l) => ({ streamId: l.streamId, ...l.ledger() })),
  ];
  const decided: Decided[] = [];
  for (const { streamId, state, version } of ledgers) {
    const events = spendLedgerDecider.decide(
      { type: 'SettleSpend', data: { requestId: r.requestId, amount: r.amount, at: r.at } },
      state,
    );
    if (events.length === 0) continue;
    // Not open on a ledger it was made on: left to the settle under the locks.
    if (!state.open.some((o) => o.requestId === r.requestId)) return false;
    decided.push({ append: { streamId, events, expectedVersion: version }, slack: null });
  }
  if (decided.length === 0) return done;
  return appendAtOnce(db, {
    lockStreams: [userStream, ...others],
    alongside,
    decided,
    metadata: r.metadata,
    at: r.at,
  });
};
