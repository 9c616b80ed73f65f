import { chatStreamId, type SpendReservedData } from '@app/contracts';
import { afterAll, beforeAll } from 'vitest';
import { inTransaction, type Db, type StreamAppend } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { createSpendGuard, type SpendGuard, type SpendPlan } from '../../src/spend/index';
import { ledger, type request } from './spend-fixtures';

type Request = ReturnType<typeof request>;

/** The acceptance's ways with the spend guard, on the test's database (`db()`, once it is made). */
const atOnceWays = (db: () => Db, guard: SpendGuard) => {
  const planOf = async (r: Request): Promise<SpendPlan> => {
    const plan = await guard.plan(db(), { actor: r.actor, accountId: r.accountId });
    if (!plan) throw new Error('no plan');
    return plan;
  };

  const chatAppend = (r: Request): StreamAppend => ({
    streamId: chatStreamId(r.requestId),
    events: [{ type: 'ChatRequested', data: { requestId: r.requestId } }],
    expectedVersion: 0,
  });

  const atOnce = (r: Request, plan: SpendPlan) => {
    if (!guard.reserveAtOnce) throw new Error('the guard reserves in one statement');
    return guard.reserveAtOnce(db(), r, { plan, alongside: [chatAppend(r)] });
  };

  /** As the acceptance does it: in one statement, else in a transaction under the locks. */
  const accept = async (r: Request, plan: SpendPlan): Promise<'at once' | 'locked'> => {
    if (await atOnce(r, plan)) return 'at once';
    await inTransaction(db(), (trx) => guard.reserve(trx, r, { plan, alongside: [chatAppend(r)] }));
    return 'locked';
  };

  const reservedOn = async (streamId: string) =>
    (await ledger(db(), streamId))
      .filter((e) => e.type === 'SpendReserved')
      .reduce((sum, e) => sum + (e.data as SpendReservedData).amount, 0);

  return { planOf, chatAppend, atOnce, accept, reservedOn };
};

/** A database of the file's own (made before its tests, dropped after), a spend guard and its ways. */
export const useSpendAtOnce = () => {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });
  const db = (): Db => {
    if (!t) throw new Error('the test database is made before the tests');
    return t.db;
  };
  const guard = createSpendGuard();
  return { db, guard, ...atOnceWays(db, guard) };
};
