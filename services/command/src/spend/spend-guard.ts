import { sql } from 'kysely';
import { amplifyGroupsStreamId, chatMessages, rateLimitStreamId, spendStreamIds } from '@app/contracts';
import { DomainError, inTransaction, type Db } from '@app/platform';
import { accountOf } from '../accounts/accounts-decider';
import { loadAccounts } from '../accounts/accounts-store';
import { amplifyGroupsDecider } from '../domain/amplify-groups';
import { chatRateLimitDecider } from '../domain/chat-rate-limit';
import { handleCommand } from '../handling/handle-command';
import { loadState } from '../handling/stream-state';
import { planLedgers, type LedgerPlan } from './applicable-limits';
import { spendLedgerDecider } from './ledger-decider';
import { lockLedgers } from './ledger-locks';
import type { SpendGuard, SpendRequest } from './ports';

/** Runs `work` in `db`'s transaction when it is one, else in a new one. */
const within = <R>(db: Db, work: (trx: Db) => Promise<R>): Promise<R> =>
  db.isTransaction ? work(db) : inTransaction(db, work);

/**
 * The ledgers of `r` as the configuration is now: the Chat Rate Limit card, the Amplify groups and
 * the caller's accounts, each folded from its stream. An account the caller does not have is
 * refused (`strict`), or only leaves the account's ledger out (a settle: the reservation is made).
 */
const ledgersOf = async (trx: Db, r: SpendRequest, strict: boolean): Promise<LedgerPlan[]> => {
  const userLimit = (await loadState(trx, chatRateLimitDecider, rateLimitStreamId)).state;
  const groups = (await loadState(trx, amplifyGroupsDecider, amplifyGroupsStreamId)).state;
  const account = accountOf(await loadAccounts(trx, r.actor), r.accountId);
  if (!account && strict) throw new DomainError(chatMessages.unknownAccount(r.accountId));
  return planLedgers({ email: r.actor, userLimit, groups, account });
};

/** Undoes what `work` appended when it throws, leaving the caller's transaction as it was before. */
const orNothing = async (trx: Db, work: () => Promise<void>): Promise<void> => {
  await sql`savepoint spend_reserve`.execute(trx);
  try {
    await work();
  } catch (e) {
    await sql`rollback to savepoint spend_reserve`.execute(trx);
    await sql`release savepoint spend_reserve`.execute(trx);
    throw e;
  }
  await sql`release savepoint spend_reserve`.execute(trx);
};

const reserve = (db: Db, r: SpendRequest): Promise<void> =>
  within(db, async (trx) => {
    const plans = await ledgersOf(trx, r, true);
    await lockLedgers(
      trx,
      plans.map((p) => p.streamId),
    );
    const [user, ...others] = plans;
    await orNothing(trx, async () => {
      // The user's ledger first, then the groups' and the account's: the first limit passed is named.
      for (const plan of plans) {
        const ledgers = plan === user ? others.map((p) => p.streamId) : [];
        await handleCommand(
          trx,
          spendLedgerDecider,
          plan.streamId,
          {
            type: 'ReserveSpend',
            data: { requestId: r.requestId, amount: r.amount, at: r.at, limits: plan.limits, ledgers },
          },
          { metadata: r.metadata },
        );
      }
    });
  });

const settle = (db: Db, r: SpendRequest): Promise<void> =>
  within(db, async (trx) => {
    const userStream = spendStreamIds.user(r.actor);
    const user = (await loadState(trx, spendLedgerDecider, userStream)).state;
    if (user.settled.includes(r.requestId)) return;
    const open = user.open.find((o) => o.requestId === r.requestId);
    // The ledgers the reservation was made on; without one, those the request would count on now.
    const ledgers = open
      ? [userStream, ...(open.ledgers ?? [])]
      : (await ledgersOf(trx, r, false)).map((p) => p.streamId);
    await lockLedgers(trx, ledgers);
    for (const streamId of ledgers) {
      await handleCommand(
        trx,
        spendLedgerDecider,
        streamId,
        { type: 'SettleSpend', data: { requestId: r.requestId, amount: r.amount, at: r.at } },
        { metadata: r.metadata },
      );
    }
  });

/**
 * The spend guard of chat requests. `reserve` resolves the limits that apply, locks their ledgers
 * (in a fixed order) in the caller's transaction and reserves on each, or refuses with the first
 * limit passed and reserves nothing; the locks are held until the caller's transaction ends, so
 * concurrent reservations are decided one after the other. `settle` replaces a reservation with the
 * actual cost on every ledger it was made on, in one transaction.
 */
export const createSpendGuard = (): SpendGuard => ({ reserve, settle });
