import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatStreamId, spendStreamIds, type SpendEvent, type SpendReservedData } from '@app/contracts';
import {
  appendToStream,
  ConcurrencyError,
  DomainError,
  inTransaction,
  readStream,
  spendLedgerAppendsTotal,
  type Db,
  type StreamAppend,
} from '@app/platform';
import { createTestDatabase, statementCounter, type TestDatabase } from '@app/platform/testing';
import { createSpendGuard, type SpendPlan } from '../../src/spend/index';
import { snapshotEvery } from '../../src/shared/stream-state';
import { fold } from '../../src/shared/decider';
import { spendLedgerDecider } from '../../src/spend/ledger-decider';
import { configure, ledger, metadata, request, unlimited } from './spend-fixtures';

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
type Request = ReturnType<typeof request>;

const planOf = async (r: Request): Promise<SpendPlan> => {
  const plan = await guard.plan(db, { actor: r.actor, accountId: r.accountId });
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
  return guard.reserveAtOnce(db, r, { plan, alongside: [chatAppend(r)] });
};

/** As the acceptance does it: in one statement, else in a transaction under the locks. */
const accept = async (r: Request, plan: SpendPlan): Promise<'at once' | 'locked'> => {
  if (await atOnce(r, plan)) return 'at once';
  await inTransaction(db, (trx) => guard.reserve(trx, r, { plan, alongside: [chatAppend(r)] }));
  return 'locked';
};

const reservedOn = async (streamId: string) =>
  (await ledger(db, streamId))
    .filter((e) => e.type === 'SpendReserved')
    .reduce((sum, e) => sum + (e.data as SpendReservedData).amount, 0);

describe('spend guard: the reservation in one statement', () => {
  it('given a ledger read ahead, when nothing moved since, then the reservation and the request are appended at once', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const r = request('ann@once.example.com', 0.25);
    expect(await atOnce(r, await planOf(r))).toBe(true);
    expect(await ledger(db, spendStreamIds.user(r.actor))).toEqual([
      { type: 'SpendReserved', data: { requestId: r.requestId, amount: 0.25, at: r.at.toISOString() } },
    ]);
    expect(await ledger(db, chatStreamId(r.requestId))).toHaveLength(1);
  });

  it('given other reservations since the read-ahead that leave room, then it is still made at once', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const bob = 'bob@once.example.com';
    const r = request(bob, 0.25);
    const plan = await planOf(r);
    await accept(request(bob, 0.25), await planOf(r));
    expect(await atOnce(r, plan)).toBe(true);
    expect(await reservedOn(spendStreamIds.user(bob))).toBe(0.5);
  });

  it('given reservations since the read-ahead that leave no room, then nothing is appended and the locked path refuses it', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const cy = 'cy@once.example.com';
    const r = request(cy, 0.5);
    const plan = await planOf(r);
    await accept(request(cy, 0.75), await planOf(r));
    expect(await atOnce(r, plan)).toBe(false);
    expect(await ledger(db, chatStreamId(r.requestId))).toEqual([]);
    await expect(accept(r, plan)).rejects.toBeInstanceOf(DomainError);
    expect(await reservedOn(spendStreamIds.user(cy))).toBe(0.75);
  });

  it('given a reservation since the read-ahead made later in the same hour, then this one is still made at once', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const ivy = 'ivy@once.example.com';
    const r = request(ivy, 0.25, { at: new Date(Date.UTC(2025, 2, 12, 9, 30, 5)) });
    const plan = await planOf(r);
    const later = request(ivy, 0.25, { at: new Date(Date.UTC(2025, 2, 12, 9, 59, 59)) });
    expect(await accept(later, await planOf(later))).toBe('at once');

    expect(await atOnce(r, plan)).toBe(true);
    expect(await reservedOn(spendStreamIds.user(ivy))).toBe(0.5);
  });

  it('given a reservation since the read-ahead made later in the next hour, then this one is left to the locked path', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const joy = 'joy@once.example.com';
    const r = request(joy, 0.25, { at: new Date(Date.UTC(2025, 2, 12, 9, 59, 59)) });
    const plan = await planOf(r);
    const later = request(joy, 0.25, { at: new Date(Date.UTC(2025, 2, 12, 10, 0, 1)) });
    expect(await accept(later, await planOf(later))).toBe('at once');

    expect(await atOnce(r, plan)).toBe(false);
    expect(await ledger(db, chatStreamId(r.requestId))).toEqual([]);
    expect(await accept(r, plan)).toBe('locked');
    expect(await reservedOn(spendStreamIds.user(joy))).toBe(0.5);
  });

  it('counts each reservation and settle by the way it was made (spend_ledger_appends_total)', async () => {
    await configure(db, { userLimit: unlimited });
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
    await inTransaction(db, (trx) => guard.reserve(trx, second, { alongside: [chatAppend(second)] }));
    await guard.settle(db, { ...first, amount: 0.05 });

    const after = await counts();
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1, 1]);
  });

  it('given a reused request id, when reserved at once, then a ConcurrencyError and nothing on the ledger', async () => {
    await configure(db, { userLimit: unlimited });
    const r = request('dee@once.example.com', 0.1);
    await appendToStream(db, chatStreamId(r.requestId), [{ type: 'ChatRequested', data: {} }], {
      expectedVersion: 0,
      metadata: metadata(),
    });
    await expect(atOnce(r, await planOf(r))).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await ledger(db, spendStreamIds.user(r.actor))).toEqual([]);
  });

  it('given acceptances of one turn, one with a reused request id, then one statement: the others appended, that one refused alone', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const [kim, lou] = ['kim@once.example.com', 'lou@once.example.com'];
    const requests = [request(kim, 0.25), request(lou, 0.25), request(kim, 0.25)];
    const reused = requests[1] as Request;
    await appendToStream(db, chatStreamId(reused.requestId), [{ type: 'ChatRequested', data: {} }], {
      expectedVersion: 0,
      metadata: metadata(),
    });
    const plans = await Promise.all(requests.map(planOf));
    const { counted, plugin } = statementCounter();
    const counting = db.withPlugin(plugin);
    const reserve = (r: Request, plan: SpendPlan) => {
      if (!guard.reserveAtOnce) throw new Error('the guard reserves in one statement');
      return guard.reserveAtOnce(counting, r, { plan, alongside: [chatAppend(r)] });
    };

    const outcomes = await Promise.allSettled(requests.map((r, i) => reserve(r, plans[i] as SpendPlan)));

    expect(counted.statements).toBe(1);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'refused'))).toEqual([
      true,
      'refused',
      true,
    ]);
    expect(outcomes[1]?.status === 'rejected' && outcomes[1].reason).toBeInstanceOf(ConcurrencyError);
    expect(await reservedOn(spendStreamIds.user(kim))).toBe(0.5);
    expect(await ledger(db, spendStreamIds.user(lou))).toEqual([]);
    expect(await ledger(db, chatStreamId(requests[2]?.requestId ?? ''))).toHaveLength(1);
  });

  it("given one user's acceptances of one turn asked latest first, then all are made at once, in the order they were made", async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const max = 'max@once.example.com';
    const requests = Array.from({ length: 6 }, (_, i) =>
      request(max, 0.1, { at: new Date(Date.UTC(2025, 2, 10, 9, 30, i)) }),
    );
    const plans = await Promise.all(requests.map(planOf));

    const appended = await Promise.all(
      requests
        .map((r, i) => ({ r, plan: plans[i] as SpendPlan }))
        .reverse()
        .map(({ r, plan }) => atOnce(r, plan)),
    );

    expect(appended).toEqual(requests.map(() => true));
    const reserved = (await ledger(db, spendStreamIds.user(max))).map(
      (e) => (e.data as SpendReservedData).requestId,
    );
    expect(reserved).toEqual(requests.map((r) => r.requestId));
  });

  it("given one turn of one user's acceptances on one read-ahead, another user's between them and one refused alone, then each counts only what went before it", async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 0.55 } });
    const [ned, ola] = ['ned@once.example.com', 'ola@once.example.com'];
    const at = (s: number) => ({ at: new Date(Date.UTC(2025, 2, 11, 9, 30, s)) });
    // Ned's ten of 0.1 (the third's request id already used) with Ola's two among them, in time order.
    const neds = Array.from({ length: 10 }, (_, i) => request(ned, 0.1, at(2 * i)));
    const olas = [request(ola, 0.5, at(5)), request(ola, 0.1, at(9))];
    const reused = neds[2] as Request;
    await appendToStream(db, chatStreamId(reused.requestId), [{ type: 'ChatRequested', data: {} }], {
      expectedVersion: 0,
      metadata: metadata(),
    });
    const requests = [...neds, ...olas];
    const plans = await Promise.all(requests.map(planOf));
    const { counted, plugin } = statementCounter();
    const counting = db.withPlugin(plugin);

    const outcomes = await Promise.allSettled(
      requests.map((r, i) => {
        if (!guard.reserveAtOnce) throw new Error('the guard reserves in one statement');
        return guard.reserveAtOnce(counting, r, { plan: plans[i], alongside: [chatAppend(r)] });
      }),
    );

    expect(counted.statements).toBe(1);
    const seen = outcomes.map((o): unknown =>
      o.status === 'fulfilled' ? o.value : o.reason instanceof ConcurrencyError ? 'refused' : o.reason,
    );
    // 0.55 holds five of Ned's 0.1: the refused third counts for nothing; Ola's ledger is her own.
    expect(seen).toEqual([true, true, 'refused', true, true, true, false, false, false, false, true, false]);
    expect(await reservedOn(spendStreamIds.user(ned))).toBeCloseTo(0.5, 9);
    expect(await reservedOn(spendStreamIds.user(ola))).toBe(0.5);
    const kept = (await ledger(db, spendStreamIds.user(ned))).map(
      (e) => (e.data as SpendReservedData).requestId,
    );
    expect(kept).toEqual([0, 1, 3, 4, 5].map((i) => neds[i]?.requestId));
  });

  it('given a read-ahead over the limit, then it is left to the locked path', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const r = request('eve@once.example.com', 2);
    expect(await atOnce(r, await planOf(r))).toBe(false);
    expect(await ledger(db, spendStreamIds.user(r.actor))).toEqual([]);
  });

  it("given acceptances past a multiple of snapshotEvery, then each is made at once, and the guard's next read keeps the ledger's snapshot", async () => {
    await configure(db, { userLimit: unlimited });
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
      db
        .selectFrom('snapshots')
        .select(['version', 'state'])
        .where('stream_id', '=', stream)
        .executeTakeFirst();
    await expect.poll(async () => (await snapshot())?.version).toBe(snapshotEvery);
    const first = (await readStream(db, stream)).slice(0, snapshotEvery);
    const folded = fold(spendLedgerDecider, first as unknown as SpendEvent[]);
    expect((await snapshot())?.state).toEqual(JSON.parse(JSON.stringify(folded)));
  });

  it('20 acceptances at once, each on its own read-ahead, against a limit that fits exactly 4: 4 go through', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const gil = 'gil@once.example.com';
    const requests = Array.from({ length: 20 }, () => request(gil, 0.25));
    const plans = await Promise.all(requests.map(planOf));
    const outcomes = await Promise.allSettled(requests.map((r, i) => accept(r, plans[i] as SpendPlan)));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    for (const f of failures) expect(f).toBeInstanceOf(DomainError);
    expect(outcomes.length - failures.length).toBe(4);
    expect(await reservedOn(spendStreamIds.user(gil))).toBeLessThanOrEqual(1);
    const chats = await Promise.all(
      requests.map(async (r) => (await ledger(db, chatStreamId(r.requestId))).length),
    );
    expect(chats.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('30 unlimited acceptances of one user at once: each recorded once', async () => {
    await configure(db, { userLimit: unlimited });
    const hal = 'hal@once.example.com';
    const requests = Array.from({ length: 30 }, () => request(hal, 0.01));
    const plans = await Promise.all(requests.map(planOf));
    await Promise.all(requests.map((r, i) => accept(r, plans[i] as SpendPlan)));
    const reserved = (await ledger(db, spendStreamIds.user(hal))).map(
      (e) => (e.data as SpendReservedData).requestId,
    );
    expect(new Set(reserved).size).toBe(30);
    expect(reserved).toHaveLength(30);
  });
});

describe('spend guard: the settle in one statement', () => {
  it('given reservations made since on the ledger, when one is settled, then it is settled once at its cost', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 1 } });
    const ida = 'ida@once.example.com';
    const first = request(ida, 0.25);
    await accept(first, await planOf(first));
    const second = request(ida, 0.25);
    await accept(second, await planOf(second));
    await guard.settle(db, { ...first, amount: 0.1 });
    await guard.settle(db, { ...first, amount: 0.1 });
    const settles = (await ledger(db, spendStreamIds.user(ida))).filter((e) => e.type === 'SpendSettled');
    expect(settles.map((e) => e.data)).toEqual([
      { requestId: first.requestId, reserved: 0.25, amount: 0.1, at: first.at.toISOString() },
    ]);
  });

  it('20 settles at once of one user: each settled once', async () => {
    await configure(db, { userLimit: unlimited });
    const jo = 'jo@once.example.com';
    const requests = Array.from({ length: 20 }, () => request(jo, 0.02));
    for (const r of requests) await accept(r, await planOf(r));
    await Promise.all(requests.map((r) => guard.settle(db, { ...r, amount: 0.01 })));
    const settled = (await ledger(db, spendStreamIds.user(jo)))
      .filter((e) => e.type === 'SpendSettled')
      .map((e) => (e.data as { requestId: string }).requestId);
    expect(settled).toHaveLength(20);
    expect(new Set(settled).size).toBe(20);
  });
});
