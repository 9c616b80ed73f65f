import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpendGuard, type SpendRequest } from '@app/command';
import {
  accountRoutes,
  chatMessages,
  spendRoute,
  type EventMetadata,
  type SpendResponse,
} from '@app/contracts';
import { inTransaction } from '@app/platform';
import { rebuild } from '../../src/index';
import { spendAccountsProjection, spendTotalsProjection } from '../../src/projections/spend';
import { readSpendLimits } from '../../src/read/spend';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const admin = 'admin@example.com';
const ann = 'ann@example.com';
const bob = 'bob@example.com';
const dan = 'dan@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin] });
});
afterAll(async () => {
  await p.close();
});

const guard = createSpendGuard();
const metadata = (email: string): EventMetadata => {
  const id = randomUUID();
  return {
    actor: { email, kind: 'user' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};
const request = (actor: string, amount: number, r: Partial<SpendRequest> = {}): SpendRequest => ({
  requestId: randomUUID(),
  actor,
  accountId: 'general_account',
  amount,
  at: new Date(),
  metadata: metadata(actor),
  ...r,
});
const reserve = (r: SpendRequest) => inTransaction(p.database.db, (trx) => guard.reserve(trx, r));
const spendOf = async (email: string) => {
  await p.settle();
  const res = await p.call(email, 'GET', spendRoute);
  expect(res.statusCode).toBe(200);
  return res.json<SpendResponse>().data;
};
const totalLimit = (rate: number) => ({ period: 'Total', rate });

describe('GET /api/chat/spend', () => {
  it("answers the caller's limits with what was spent in each (Total limits: no reset)", async () => {
    const saved = await p.save(admin, [
      { type: 'rateLimit', data: totalLimit(10) },
      {
        type: 'amplifyGroups',
        data: {
          Billing: {
            groupName: 'Billing',
            members: [ann, bob],
            includeFromOtherGroups: [],
            isBillingGroup: true,
            rateLimit: totalLimit(20),
          },
          Team: { groupName: 'Team', members: [ann], includeFromOtherGroups: [], rateLimit: totalLimit(3) },
          Free: { groupName: 'Free', members: [ann], includeFromOtherGroups: [] },
        },
      },
    ]);
    expect(saved.status).toBe(200);
    const accounts = await p.call(ann, 'POST', accountRoutes.save, {
      body: { accounts: [{ id: 'proj', name: 'Project', rateLimit: totalLimit(4) }] },
    });
    expect(accounts.statusCode).toBe(200);

    const first = request(ann, 1, { accountId: 'proj' });
    await reserve(first);
    await reserve(request(bob, 2));
    await guard.settle(p.database.db, { ...first, amount: 0.5 });

    const status = (kind: string, name: string, rate: number, spent: number) => ({
      kind,
      name,
      period: 'Total',
      rate,
      spent,
      resetsAt: null,
    });
    expect(await spendOf(ann)).toEqual([
      status('user', chatMessages.userLimitName, 10, 0.5),
      status('group', chatMessages.groupLimitName('Billing'), 20, 2.5),
      status('group', chatMessages.groupLimitName('Team'), 3, 0.5),
      status('account', chatMessages.accountLimitName('Project'), 4, 0.5),
    ]);
    // An open reservation counts as spent until it is settled.
    await reserve(request(bob, 1.25));
    expect(await spendOf(bob)).toEqual([
      status('user', chatMessages.userLimitName, 10, 3.25),
      status('group', chatMessages.groupLimitName('Billing'), 20, 3.75),
    ]);
  });

  it('the user limit is always listed; Unlimited shows what was spent ever', async () => {
    expect(
      (await p.save(admin, [{ type: 'rateLimit', data: { period: 'Unlimited', rate: null } }])).status,
    ).toBe(200);
    expect(await spendOf('eve@example.com')).toEqual([
      {
        kind: 'user',
        name: chatMessages.userLimitName,
        period: 'Unlimited',
        rate: null,
        spent: 0,
        resetsAt: null,
      },
    ]);
    expect((await spendOf(ann))[0]).toMatchObject({ period: 'Unlimited', spent: 0.5 });
  });

  it("counts the current window only: a month's spend is not the next month's", async () => {
    const saved = await p.save(admin, [
      {
        type: 'amplifyGroups',
        data: {
          Monthly: {
            groupName: 'Monthly',
            members: [dan],
            includeFromOtherGroups: [],
            rateLimit: { period: 'Monthly', rate: 5 },
          },
        },
      },
    ]);
    expect(saved.status).toBe(200);
    await reserve(request(dan, 1.5, { at: new Date('2025-03-10T09:30:00Z') }));
    await p.settle();
    const monthly = async (now: string) =>
      (await readSpendLimits(p.database.db, dan, new Date(now))).find((l) => l.kind === 'group');
    expect(await monthly('2025-03-31T23:59:59Z')).toMatchObject({
      spent: 1.5,
      resetsAt: '2025-04-01T00:00:00.000Z',
    });
    expect(await monthly('2025-04-01T00:00:00Z')).toMatchObject({
      spent: 0,
      resetsAt: '2025-05-01T00:00:00.000Z',
    });
  });

  it('a rebuild from the log gives the same rows as the runner', async () => {
    await p.settle();
    const db = p.database.db;
    const rows = async () => ({
      totals: await db
        .selectFrom('rm_spend_totals')
        .selectAll()
        .orderBy('scope')
        .orderBy('window_key')
        .execute(),
      accounts: await db
        .selectFrom('rm_spend_accounts')
        .selectAll()
        .orderBy('email')
        .orderBy('position')
        .execute(),
    });
    const before = await rows();
    expect(before.totals.length).toBeGreaterThan(0);
    await rebuild(db, spendTotalsProjection);
    await rebuild(db, spendAccountsProjection);
    expect(await rows()).toEqual(before);
  });

  it('anonymous callers get 401', async () => {
    expect((await p.call(null, 'GET', spendRoute)).statusCode).toBe(401);
  });
});
