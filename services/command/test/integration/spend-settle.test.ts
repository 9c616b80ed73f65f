import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, spendStreamIds } from '@app/contracts';
import { appendToStream, ConcurrencyError, inTransaction, type Db } from '@app/platform';
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
const reserve = (r: ReturnType<typeof request>) => inTransaction(db, (trx) => guard.reserve(trx, r));

describe('spend guard: settle', () => {
  it('a lower actual cost frees the difference for the next request', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const ann = 'ann@settle.example.com';
    const first = request(ann, 0.8);
    await reserve(first);
    await expect(reserve(request(ann, 0.5))).rejects.toThrow(
      chatMessages.limitReached(
        chatMessages.userLimitName,
        'Daily',
        1,
        0.8,
        new Date('2025-03-11T00:00:00Z'),
      ),
    );
    await guard.settle(db, { ...first, amount: 0.2, at: new Date('2025-03-10T09:31:00Z') });
    await reserve(request(ann, 0.5));
    await expect(reserve(request(ann, 0.31))).rejects.toThrow(
      chatMessages.limitReached(
        chatMessages.userLimitName,
        'Daily',
        1,
        0.7,
        new Date('2025-03-11T00:00:00Z'),
      ),
    );
  });

  it('settles on every ledger the reservation was made on, once', async () => {
    const bob = 'bob@settle.example.com';
    await configure(db, {
      userLimit: unlimited,
      groups: [
        group('Payers', { members: [bob], isBillingGroup: true, rateLimit: { period: 'Monthly', rate: 10 } }),
      ],
    });
    await setAccounts(db, bob, [{ id: 'p', name: 'P', rateLimit: { period: 'Total', rate: 10 } }]);
    const r = request(bob, 2, { accountId: 'p' });
    await reserve(r);
    expect(await ledger(db, spendStreamIds.user(bob))).toEqual([
      {
        type: 'SpendReserved',
        data: {
          requestId: r.requestId,
          amount: 2,
          at: '2025-03-10T09:30:00.000Z',
          ledgers: [spendStreamIds.group('Payers'), spendStreamIds.account(bob, 'p')],
        },
      },
    ]);
    // The group's limit is gone by the time the request ends: the reservation is settled there anyway.
    await configure(db, { userLimit: unlimited });
    const done = { ...r, amount: 1.5, at: new Date('2025-03-10T10:30:00Z') };
    await guard.settle(db, done);
    await guard.settle(db, done);
    const settled = {
      type: 'SpendSettled',
      data: { requestId: r.requestId, reserved: 2, amount: 1.5, at: '2025-03-10T09:30:00.000Z' },
    };
    for (const streamId of [
      spendStreamIds.user(bob),
      spendStreamIds.group('Payers'),
      spendStreamIds.account(bob, 'p'),
    ]) {
      const events = await ledger(db, streamId);
      expect(events.filter((e) => e.type === 'SpendSettled')).toEqual([settled]);
    }
  });

  it('a settle without a reservation records the amount on the ledgers that apply now', async () => {
    const carl = 'carl@settle.example.com';
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const r = request(carl, 0.4);
    await guard.settle(db, r);
    expect(await ledger(db, spendStreamIds.user(carl))).toEqual([
      {
        type: 'SpendSettled',
        data: { requestId: r.requestId, reserved: 0, amount: 0.4, at: '2025-03-10T09:30:00.000Z' },
      },
    ]);
    await expect(reserve(request(carl, 0.7))).rejects.toThrow(/0\.40 spent/);
  });

  it("given the caller's own append alongside, when the reservation is settled, then both are appended together", async () => {
    const dan = 'dan@settle.example.com';
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const r = request(dan, 0.5);
    await reserve(r);
    const end = { type: 'Ended', data: { requestId: r.requestId } };
    await guard.settle(
      db,
      { ...r, amount: 0.1 },
      { alongside: [{ streamId: 'end-dan', events: [end], expectedVersion: 0 }] },
    );
    expect(await ledger(db, 'end-dan')).toEqual([end]);
    expect((await ledger(db, spendStreamIds.user(dan))).map((e) => e.type)).toEqual([
      'SpendReserved',
      'SpendSettled',
    ]);
    // Settled already: the append alongside is still made (once, at its version).
    await guard.settle(
      db,
      { ...r, amount: 0.1 },
      { alongside: [{ streamId: 'end-dan', events: [end], expectedVersion: 1 }] },
    );
    expect(await ledger(db, 'end-dan')).toEqual([end, end]);
    expect((await ledger(db, spendStreamIds.user(dan))).map((e) => e.type)).toEqual([
      'SpendReserved',
      'SpendSettled',
    ]);
  });

  it('given the stream of the append alongside moved on, when the reservation is settled with it, then nothing is appended or settled', async () => {
    const eve = 'eve@settle.example.com';
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const r = request(eve, 0.5);
    await reserve(r);
    const end = { type: 'Ended', data: { requestId: r.requestId } };
    await appendToStream(db, 'end-eve', [end], { expectedVersion: 'no-stream', metadata: r.metadata });
    await expect(
      guard.settle(
        db,
        { ...r, amount: 0.2 },
        { alongside: [{ streamId: 'end-eve', events: [end], expectedVersion: 0 }] },
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await ledger(db, 'end-eve')).toEqual([end]);
    expect((await ledger(db, spendStreamIds.user(eve))).map((e) => e.type)).toEqual(['SpendReserved']);
  });
});
