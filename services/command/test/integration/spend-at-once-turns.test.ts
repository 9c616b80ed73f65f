import { describe, expect, it } from 'vitest';
import { chatStreamId, spendStreamIds, type SpendReservedData } from '@app/contracts';
import { appendToStream, ConcurrencyError, DomainError } from '@app/platform';
import { statementCounter } from '@app/platform/testing';
import type { SpendPlan } from '../../src/spend/index';
import { configure, ledger, metadata, request, unlimited } from './spend-fixtures';
import { useSpendAtOnce } from './spend-at-once-ways';

type Request = ReturnType<typeof request>;
const { db, guard, planOf, chatAppend, atOnce, accept, reservedOn } = useSpendAtOnce();

describe('spend guard: the acceptances of one turn in one statement', () => {
  it('given acceptances of one turn, one with a reused request id, then one statement: the others appended, that one refused alone', async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 1 } });
    const [kim, lou] = ['kim@once.example.com', 'lou@once.example.com'];
    const requests = [request(kim, 0.25), request(lou, 0.25), request(kim, 0.25)];
    const reused = requests[1] as Request;
    await appendToStream(db(), chatStreamId(reused.requestId), [{ type: 'ChatRequested', data: {} }], {
      expectedVersion: 0,
      metadata: metadata(),
    });
    const plans = await Promise.all(requests.map(planOf));
    const { counted, plugin } = statementCounter();
    const counting = db().withPlugin(plugin);
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
    expect(await ledger(db(), spendStreamIds.user(lou))).toEqual([]);
    expect(await ledger(db(), chatStreamId(requests[2]?.requestId ?? ''))).toHaveLength(1);
  });

  it("given one user's acceptances of one turn asked latest first, then all are made at once, in the order they were made", async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 1 } });
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
    const reserved = (await ledger(db(), spendStreamIds.user(max))).map(
      (e) => (e.data as SpendReservedData).requestId,
    );
    expect(reserved).toEqual(requests.map((r) => r.requestId));
  });

  it("given one turn of one user's acceptances on one read-ahead, another user's between them and one refused alone, then each counts only what went before it", async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 0.55 } });
    const [ned, ola] = ['ned@once.example.com', 'ola@once.example.com'];
    const at = (s: number) => ({ at: new Date(Date.UTC(2025, 2, 11, 9, 30, s)) });
    // Ned's ten of 0.1 (the third's request id already used) with Ola's two among them, in time order.
    const neds = Array.from({ length: 10 }, (_, i) => request(ned, 0.1, at(2 * i)));
    const olas = [request(ola, 0.5, at(5)), request(ola, 0.1, at(9))];
    const reused = neds[2] as Request;
    await appendToStream(db(), chatStreamId(reused.requestId), [{ type: 'ChatRequested', data: {} }], {
      expectedVersion: 0,
      metadata: metadata(),
    });
    const requests = [...neds, ...olas];
    const plans = await Promise.all(requests.map(planOf));
    const { counted, plugin } = statementCounter();
    const counting = db().withPlugin(plugin);

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
    const kept = (await ledger(db(), spendStreamIds.user(ned))).map(
      (e) => (e.data as SpendReservedData).requestId,
    );
    expect(kept).toEqual([0, 1, 3, 4, 5].map((i) => neds[i]?.requestId));
  });

  it('20 acceptances at once, each on its own read-ahead, against a limit that fits exactly 4: 4 go through', async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 1 } });
    const gil = 'gil@once.example.com';
    const requests = Array.from({ length: 20 }, () => request(gil, 0.25));
    const plans = await Promise.all(requests.map(planOf));
    const outcomes = await Promise.allSettled(requests.map((r, i) => accept(r, plans[i] as SpendPlan)));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    for (const f of failures) expect(f).toBeInstanceOf(DomainError);
    expect(outcomes.length - failures.length).toBe(4);
    expect(await reservedOn(spendStreamIds.user(gil))).toBeLessThanOrEqual(1);
    const chats = await Promise.all(
      requests.map(async (r) => (await ledger(db(), chatStreamId(r.requestId))).length),
    );
    expect(chats.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('30 unlimited acceptances of one user at once: each recorded once', async () => {
    await configure(db(), { userLimit: unlimited });
    const hal = 'hal@once.example.com';
    const requests = Array.from({ length: 30 }, () => request(hal, 0.01));
    const plans = await Promise.all(requests.map(planOf));
    await Promise.all(requests.map((r, i) => accept(r, plans[i] as SpendPlan)));
    const reserved = (await ledger(db(), spendStreamIds.user(hal))).map(
      (e) => (e.data as SpendReservedData).requestId,
    );
    expect(new Set(reserved).size).toBe(30);
    expect(reserved).toHaveLength(30);
  });
});

describe('spend guard: the settle in one statement', () => {
  it('given reservations made since on the ledger, when one is settled, then it is settled once at its cost', async () => {
    await configure(db(), { userLimit: { period: 'Daily', rate: 1 } });
    const ida = 'ida@once.example.com';
    const first = request(ida, 0.25);
    await accept(first, await planOf(first));
    const second = request(ida, 0.25);
    await accept(second, await planOf(second));
    await guard.settle(db(), { ...first, amount: 0.1 });
    await guard.settle(db(), { ...first, amount: 0.1 });
    const settles = (await ledger(db(), spendStreamIds.user(ida))).filter((e) => e.type === 'SpendSettled');
    expect(settles.map((e) => e.data)).toEqual([
      { requestId: first.requestId, reserved: 0.25, amount: 0.1, at: first.at.toISOString() },
    ]);
  });

  it('20 settles at once of one user: each settled once', async () => {
    await configure(db(), { userLimit: unlimited });
    const jo = 'jo@once.example.com';
    const requests = Array.from({ length: 20 }, () => request(jo, 0.02));
    for (const r of requests) await accept(r, await planOf(r));
    await Promise.all(requests.map((r) => guard.settle(db(), { ...r, amount: 0.01 })));
    const settled = (await ledger(db(), spendStreamIds.user(jo)))
      .filter((e) => e.type === 'SpendSettled')
      .map((e) => (e.data as { requestId: string }).requestId);
    expect(settled).toHaveLength(20);
    expect(new Set(settled).size).toBe(20);
  });
});
