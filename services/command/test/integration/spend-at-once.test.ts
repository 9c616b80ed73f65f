import { describe, expect, it } from 'vitest';
import { chatStreamId, spendStreamIds, type SpendEvent } from '@app/contracts';
import {
  appendToStream,
  ConcurrencyError,
  DomainError,
  inTransaction,
  readStream,
  spendLedgerAppendsTotal,
} from '@app/platform';
import { snapshotEvery } from '../../src/shared/stream-state';
import { fold } from '../../src/shared/decider';
import { spendLedgerDecider } from '../../src/spend/ledger-decider';
import { configure, ledger, metadata, request, unlimited } from './spend-fixtures';
import { useSpendAtOnce } from './spend-at-once-ways';

const { db, guard, planOf, chatAppend, atOnce, accept, reservedOn } = useSpendAtOnce();

describe('spend guard: the reservation in one statement', () => {
  it('given a ledger read ahead, when nothing moved since, then the reservation and the request are appended at once', async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 1 } });
    const r = request('ann@once.example.com', 0.25);
    expect(await atOnce(r, await planOf(r))).toBe(true);
    expect(await ledger(db(), spendStreamIds.user(r.actor))).toEqual([
      { type: 'SpendReserved', data: { requestId: r.requestId, amount: 0.25, at: r.at.toISOString() } },
    ]);
    expect(await ledger(db(), chatStreamId(r.requestId))).toHaveLength(1);
  });

  it('given other reservations since the read-ahead that leave room, then it is still made at once', async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 1 } });
    const bob = 'bob@once.example.com';
    const r = request(bob, 0.25);
    const plan = await planOf(r);
    await accept(request(bob, 0.25), await planOf(r));
    expect(await atOnce(r, plan)).toBe(true);
    expect(await reservedOn(spendStreamIds.user(bob))).toBe(0.5);
  });

  it('given reservations since the read-ahead that leave no room, then nothing is appended and the locked path refuses it', async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 1 } });
    const cy = 'cy@once.example.com';
    const r = request(cy, 0.5);
    const plan = await planOf(r);
    await accept(request(cy, 0.75), await planOf(r));
    expect(await atOnce(r, plan)).toBe(false);
    expect(await ledger(db(), chatStreamId(r.requestId))).toEqual([]);
    await expect(accept(r, plan)).rejects.toBeInstanceOf(DomainError);
    expect(await reservedOn(spendStreamIds.user(cy))).toBe(0.75);
  });

  it('given a reservation since the read-ahead made later in the same hour, then this one is still made at once', async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 1 } });
    const ivy = 'ivy@once.example.com';
    const r = request(ivy, 0.25, { at: new Date(Date.UTC(2025, 2, 12, 9, 30, 5)) });
    const plan = await planOf(r);
    const later = request(ivy, 0.25, { at: new Date(Date.UTC(2025, 2, 12, 9, 59, 59)) });
    expect(await accept(later, await planOf(later))).toBe('at once');

    expect(await atOnce(r, plan)).toBe(true);
    expect(await reservedOn(spendStreamIds.user(ivy))).toBe(0.5);
  });

  it('given a reservation since the read-ahead made later in the next hour, then this one is left to the locked path', async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 1 } });
    const joy = 'joy@once.example.com';
    const r = request(joy, 0.25, { at: new Date(Date.UTC(2025, 2, 12, 9, 59, 59)) });
    const plan = await planOf(r);
    const later = request(joy, 0.25, { at: new Date(Date.UTC(2025, 2, 12, 10, 0, 1)) });
    expect(await accept(later, await planOf(later))).toBe('at once');

    expect(await atOnce(r, plan)).toBe(false);
    expect(await ledger(db(), chatStreamId(r.requestId))).toEqual([]);
    expect(await accept(r, plan)).toBe('locked');
    expect(await reservedOn(spendStreamIds.user(joy))).toBe(0.5);
  });

  it('counts each reservation and settle by the way it was made (spend_ledger_appends_total)', async () => {
    await configure(db(), { userLimit: unlimited });
    const kai = 'kai@once.example.com';
    const counts = async () => {
      const { values } = await spendLedgerAppendsTotal.get();
      const of = (kind: string, path: string) =>
        values.find((v) => v.labels.kind === kind && v.labels.path === path)?.value ?? 0;
      return [of('reserve', 'one_statement'), of('reserve', 'locked'), of('settle', 'one_statement')];
    };
    const before = await counts();
    const first = request(kai, 0.1);
    const second = request(kai, 0.1);

    expect(await accept(first, await planOf(first))).toBe('at once');
    await inTransaction(db(), (trx) => guard.reserve(trx, second, { alongside: [chatAppend(second)] }));
    await guard.settle(db(), { ...first, amount: 0.05 });

    const after = await counts();
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1, 1]);
  });

  it('given a reused request id, when reserved at once, then a ConcurrencyError and nothing on the ledger', async () => {
    await configure(db(), { userLimit: unlimited });
    const r = request('dee@once.example.com', 0.1);
    await appendToStream(db(), chatStreamId(r.requestId), [{ type: 'ChatRequested', data: {} }], {
      expectedVersion: 0,
      metadata: metadata(),
    });
    await expect(atOnce(r, await planOf(r))).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await ledger(db(), spendStreamIds.user(r.actor))).toEqual([]);
  });

  it('given a read-ahead over the limit, then it is left to the locked path', async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 1 } });
    const r = request('eve@once.example.com', 2);
    expect(await atOnce(r, await planOf(r))).toBe(false);
    expect(await ledger(db(), spendStreamIds.user(r.actor))).toEqual([]);
  });

  it("given acceptances past a multiple of snapshotEvery, then each is made at once, and the guard's next read keeps the ledger's snapshot", async () => {
    await configure(db(), { userLimit: unlimited });
    const fay = 'fay@once.example.com';
    const stream = spendStreamIds.user(fay);
    const ways = [];
    for (let i = 0; i <= snapshotEvery; i++) {
      const r = request(fay, 0.01);
      ways.push(await accept(r, await planOf(r)));
    }

    expect(ways.filter((w) => w === 'locked')).toEqual([]);
    // The read before the last acceptance passed version 100: the snapshot is kept after its answer.
    const snapshot = () =>
      db()
        .selectFrom('snapshots')
        .select(['version', 'state'])
        .where('stream_id', '=', stream)
        .executeTakeFirst();
    await expect.poll(async () => (await snapshot())?.version).toBe(snapshotEvery);
    const first = (await readStream(db(), stream)).slice(0, snapshotEvery);
    const folded = fold(spendLedgerDecider, first as unknown as SpendEvent[]);
    expect((await snapshot())?.state).toEqual(JSON.parse(JSON.stringify(folded)));
  });
});
