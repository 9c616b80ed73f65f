import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendStreamIds, type SpendReservedData } from '@app/contracts';
import { DomainError, inTransaction, type Db } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { createSpendGuard } from '../../src/spend/index';
import { configure, group, ledger, request, setAccounts, unlimited } from './spend-fixtures';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t.drop();
});

const guard = createSpendGuard();

/** `requests` reservations at once, each in its own transaction: how many went through, how many were refused. */
const race = async (requests: ReturnType<typeof request>[]) => {
  const outcomes = await Promise.allSettled(
    requests.map((r) => inTransaction(db, (trx) => guard.reserve(trx, r))),
  );
  const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
  // Every refusal is a limit's, never a conflict or a deadlock.
  for (const f of failures) expect(f).toBeInstanceOf(DomainError);
  return { ok: outcomes.length - failures.length, refused: failures.length };
};

const reservedOn = async (streamId: string) =>
  (await ledger(db, streamId))
    .filter((e) => e.type === 'SpendReserved')
    .reduce((sum, e) => sum + (e.data as SpendReservedData).amount, 0);

describe('spend guard under concurrency', () => {
  it('20 reservations at once against a limit that fits exactly 4: 4 go through, the sum stays within it', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const ann = 'ann@race.example.com';
    const { ok, refused } = await race(Array.from({ length: 20 }, () => request(ann, 0.25)));
    expect(ok).toBe(4);
    expect(refused).toBe(16);
    expect(await reservedOn(spendStreamIds.user(ann))).toBeLessThanOrEqual(1);
  });

  it('members of a billing group racing on one account each: the group limit holds across ledgers', async () => {
    const members = ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}@race-billing.example.com`);
    await configure(db, {
      userLimit: unlimited,
      groups: [
        group('RaceBilling', {
          members,
          isBillingGroup: true,
          rateLimit: { period: 'Hourly', rate: 1 },
        }),
      ],
    });
    // Each member's own account has a limit too, so a reservation locks three ledgers.
    for (const m of members) {
      await setAccounts(db, m, [{ id: 'acct', name: 'Acct', rateLimit: { period: 'Daily', rate: 100 } }]);
    }
    const requests = Array.from({ length: 20 }, (_, i) =>
      request(members[i % members.length] ?? '', 0.25, { accountId: 'acct' }),
    );
    const { ok } = await race(requests);
    expect(ok).toBe(4);
    expect(await reservedOn(spendStreamIds.group('RaceBilling'))).toBeLessThanOrEqual(1);
    // Every reservation that went through was made on all three of its ledgers; refused ones on none.
    const perUser = await Promise.all(members.map((m) => reservedOn(spendStreamIds.user(m))));
    const perAccount = await Promise.all(members.map((m) => reservedOn(spendStreamIds.account(m, 'acct'))));
    expect(perUser.reduce((a, b) => a + b, 0)).toBe(1);
    expect(perAccount.reduce((a, b) => a + b, 0)).toBe(1);
  });
});
