import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, spendStreamIds } from '@app/contracts';
import { DomainError, inTransaction, appendToStream, type Db } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { createSpendGuard } from '../../src/spend/index';
import { configure, group, ledger, metadata, request, setAccounts, unlimited } from './spend-fixtures';

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
const reserve = (r: ReturnType<typeof request>) => inTransaction(db, (trx) => guard.reserve(trx, r));
const refusal = async (r: ReturnType<typeof request>): Promise<string> => {
  const e: unknown = await reserve(r).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e, 'the reservation should have been refused').toBeInstanceOf(DomainError);
  return (e as DomainError).message;
};
const dayEnds = new Date('2025-03-11T00:00:00Z');

describe('spend guard: which limits apply', () => {
  it("the Chat Rate Limit card counts the user's own spend; a refusal names it and its reset, and appends nothing", async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const ann = 'ann@limits.example.com';
    await reserve(request(ann, 0.6));
    const before = await ledger(db, spendStreamIds.user(ann));
    expect(await refusal(request(ann, 0.5))).toBe(
      chatMessages.limitReached(chatMessages.userLimitName, 'Daily', 1, 0.6, dayEnds),
    );
    expect(await ledger(db, spendStreamIds.user(ann))).toEqual(before);
    // Another user has a limit of their own.
    await reserve(request('bob@limits.example.com', 0.6));
  });

  it('an Unlimited card still records the spend on the user ledger', async () => {
    await configure(db, { userLimit: unlimited });
    const ann = 'ann2@limits.example.com';
    await reserve(request(ann, 500));
    expect(await ledger(db, spendStreamIds.user(ann))).toMatchObject([
      { type: 'SpendReserved', data: { amount: 500 } },
    ]);
  });

  it("a non-billing group's limit counts each member's own spend", async () => {
    const [ann, bob] = ['ann@team.example.com', 'bob@team.example.com'];
    await configure(db, {
      userLimit: unlimited,
      groups: [group('Team', { members: [ann, bob], rateLimit: { period: 'Daily', rate: 1 } })],
    });
    await reserve(request(ann, 0.8));
    await reserve(request(bob, 0.8));
    expect(await refusal(request(ann, 0.3))).toBe(
      chatMessages.limitReached(chatMessages.groupLimitName('Team'), 'Daily', 1, 0.8, dayEnds),
    );
    expect(await ledger(db, spendStreamIds.group('Team'))).toEqual([]);
  });

  it("a billing group's limit is shared by its members (through inclusions too)", async () => {
    const [ann, bob] = ['ann@billing.example.com', 'bob@billing.example.com'];
    await configure(db, {
      userLimit: unlimited,
      groups: [
        group('Inner', { members: [bob] }),
        group('Billing', {
          members: [ann],
          includeFromOtherGroups: ['Inner'],
          isBillingGroup: true,
          rateLimit: { period: 'Monthly', rate: 1 },
        }),
      ],
    });
    await reserve(request(ann, 0.6));
    expect(await refusal(request(bob, 0.6))).toBe(
      chatMessages.limitReached(
        chatMessages.groupLimitName('Billing'),
        'Monthly',
        1,
        0.6,
        new Date('2025-04-01T00:00:00Z'),
      ),
    );
    await reserve(request(bob, 0.4));
    const shared = await ledger(db, spendStreamIds.group('Billing'));
    expect(shared.map((e) => e.type)).toEqual(['SpendReserved', 'SpendReserved']);
    // Bob's refused attempt left nothing on his own ledger either.
    expect(await ledger(db, spendStreamIds.user(bob))).toHaveLength(1);
  });

  it("an account's limit counts the account's spend; another account of the same user is not counted", async () => {
    await configure(db, { userLimit: unlimited });
    const ann = 'ann@accounts.example.com';
    await setAccounts(db, ann, [
      { id: 'proj-1', name: 'Project One', rateLimit: { period: 'Hourly', rate: 1 } },
    ]);
    await reserve(request(ann, 0.7, { accountId: 'proj-1' }));
    expect(await refusal(request(ann, 0.7, { accountId: 'proj-1' }))).toBe(
      chatMessages.limitReached(
        chatMessages.accountLimitName('Project One'),
        'Hourly',
        1,
        0.7,
        new Date('2025-03-10T10:00:00Z'),
      ),
    );
    await reserve(request(ann, 0.7));
    expect(await ledger(db, spendStreamIds.account(ann, 'proj-1'))).toHaveLength(1);
    expect(await ledger(db, spendStreamIds.user(ann))).toHaveLength(2);
  });

  it('an account the caller does not have is refused', async () => {
    const ann = 'ann@accounts.example.com';
    expect(await refusal(request(ann, 0.1, { accountId: 'nope' }))).toBe(chatMessages.unknownAccount('nope'));
    // Another user's account is not the caller's.
    expect(await refusal(request('bob@accounts.example.com', 0.1, { accountId: 'proj-1' }))).toBe(
      chatMessages.unknownAccount('proj-1'),
    );
  });

  it("a refusal leaves the caller's transaction usable: what it does after commits, no reservation does", async () => {
    await configure(db, {
      userLimit: { period: 'Daily', rate: 1 },
      groups: [
        group('Billing2', {
          members: ['carl@limits.example.com'],
          isBillingGroup: true,
          rateLimit: { period: 'Daily', rate: 0.5 },
        }),
      ],
    });
    const carl = 'carl@limits.example.com';
    // The user's ledger accepts 0.8; the billing group refuses it after.
    await inTransaction(db, async (trx) => {
      await expect(guard.reserve(trx, request(carl, 0.8))).rejects.toBeInstanceOf(DomainError);
      await appendToStream(trx, 'chat-test-after-refusal', [{ type: 'Noted', data: {} }], {
        expectedVersion: 'no-stream',
        metadata: metadata(carl),
      });
    });
    expect(await ledger(db, spendStreamIds.user(carl))).toEqual([]);
    expect(await ledger(db, spendStreamIds.group('Billing2'))).toEqual([]);
    expect(await ledger(db, 'chat-test-after-refusal')).toHaveLength(1);
  });
});
