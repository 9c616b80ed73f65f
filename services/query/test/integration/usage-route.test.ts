import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  usageBounds,
  usageCsv,
  usageMessages,
  usageRoutes,
  type ChatEvent,
  type EventMetadata,
  type RecordedEvent,
  type UsageResponse,
} from '@app/contracts';
import { appendToStream, inTransaction } from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { chatEnded, chatRequested, streams, usage, type SeededChat } from '../support/usage-events';

const admin = 'admin@example.com';
const ann = 'ann@example.com';
const bob = 'bob@example.com';
const cat = 'cat@example.com';
const users = [ann, bob, cat];
const models = ['gpt-4o', 'claude-sonnet'];
const groups = { Lab: [ann, bob], Ops: [cat] };

let p: TestPlatform;
const metadata = (email: string, n: number): EventMetadata => ({
  actor: { email, kind: 'user' },
  commandId: `seed-${n}`,
  correlationId: `seed-${n}`,
  causationId: `seed-${n}`,
  requestId: `seed-${n}`,
  schemaVersion: 1,
});

/** 60 requests over five days of March 2026, three users, two models; every seventh never ends. */
const seeded: SeededChat[] = Array.from({ length: 60 }, (_, n) => ({
  requestId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  user: users[n % 3] ?? ann,
  model: models[n % 2] ?? 'gpt-4o',
  endedAt: new Date(Date.UTC(2026, 2, 1 + (n % 5), (n * 7) % 24, n % 60)).toISOString(),
  usage: usage(Math.round(((n % 9) + 1) * 0.013 * 1e6) / 1e6, 100 + n, 20 + n),
  end: n % 7 === 6 ? 'none' : n % 5 === 4 ? 'ChatStopped' : 'ChatCompleted',
}));

/** The real append path; each event's time set in the append's own transaction, before anyone folds it. */
const seed = async () => {
  for (const [n, c] of seeded.entries()) {
    await inTransaction(p.database.db, async (trx) => {
      const end = chatEnded(c);
      const events: ChatEvent[] = end ? [chatRequested(c), end] : [chatRequested(c)];
      await appendToStream(trx, streams.chat(c.requestId), events, {
        expectedVersion: 'no-stream',
        metadata: metadata(c.user, n),
      });
      await sql`update events set recorded_at = ${c.endedAt} where stream_id = ${streams.chat(c.requestId)}`.execute(
        trx,
      );
    });
  }
};

beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin] });
  const saved = await p.save(admin, [
    {
      type: 'amplifyGroups',
      data: Object.fromEntries(
        Object.entries(groups).map(([groupName, members]) => [
          groupName,
          { groupName, members, includeFromOtherGroups: [], isBillingGroup: true },
        ]),
      ),
    },
  ]);
  expect(saved.status).toBe(200);
  await seed();
  await p.settle();
}, 120_000);
afterAll(async () => {
  await p.close();
});

/** The log's own answer: the end events' usage in [from, to), for the filter, from the events themselves. */
const fromLog = (
  log: RecordedEvent[],
  from: string,
  to: string,
  keep: (asked: { user: string; model: string }) => boolean,
) => {
  const asked = new Map<string, { user: string; model: string }>();
  let requests = 0;
  let cost = 0;
  for (const e of log) {
    const data = e.data as { requestId: string; model: string; usage: { cost: number } };
    if (e.type === 'ChatRequested')
      asked.set(data.requestId, { user: e.metadata.actor.email, model: data.model });
    if (!['ChatCompleted', 'ChatStopped', 'ChatFailed'].includes(e.type)) continue;
    const request = asked.get(data.requestId);
    if (!request || e.recordedAt < from || e.recordedAt >= to || !keep(request)) continue;
    requests += 1;
    cost += data.usage.cost;
  }
  return { requests, cost };
};

const get = async (email: string, url: string, headers?: Record<string, string>) =>
  p.call(email, 'GET', url, headers ? { headers } : {});
const report = async (email: string, url: string) => {
  const res = await get(email, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UsageResponse>();
};
const range = { from: '2026-03-01', to: '2026-03-06' };
const iso = { from: '2026-03-01T00:00:00.000Z', to: '2026-03-06T00:00:00.000Z' };
const q = (params: Record<string, string>) => new URLSearchParams({ ...range, ...params }).toString();

describe('GET /api/admin/usage', () => {
  it('answers totals equal to the usage of the log for the same filter, by every grouping', async () => {
    const log = await p.events();
    const filters: {
      params: Record<string, string>;
      keep: (r: { user: string; model: string }) => boolean;
    }[] = [
      { params: {}, keep: () => true },
      { params: { model: 'claude-sonnet' }, keep: (r) => r.model === 'claude-sonnet' },
      { params: { group: 'Lab' }, keep: (r) => groups.Lab.includes(r.user) },
      { params: { group: 'Ops', model: 'gpt-4o' }, keep: (r) => r.user === cat && r.model === 'gpt-4o' },
      { params: { from: '2026-03-02', to: '2026-03-04' }, keep: () => true },
    ];
    for (const f of filters) {
      const bounds = {
        from: `${f.params.from ?? range.from}T00:00:00.000Z`,
        to: `${f.params.to ?? range.to}T00:00:00.000Z`,
      };
      const expected = fromLog(log, bounds.from, bounds.to, f.keep);
      expect(expected.requests).toBeGreaterThan(0);
      for (const by of ['day', 'hour', 'user', 'model', 'account', 'key']) {
        const answer = await report(admin, `${usageRoutes.admin}?${q({ ...f.params, by })}`);
        expect(answer.totals.requests).toBe(expected.requests);
        expect(answer.totals.cost).toBeCloseTo(expected.cost, 9);
        const sum = answer.rows.reduce((s, r) => s + r.cost, 0);
        expect(sum).toBeCloseTo(expected.cost, 9);
      }
    }
  });

  it("by group: each billing group's rows are its members' usage", async () => {
    const log = await p.events();
    const answer = await report(admin, `${usageRoutes.admin}?${q({ by: 'group' })}`);
    expect(answer.rows.map((r) => r.key).sort()).toEqual(['Lab', 'Ops']);
    for (const row of answer.rows) {
      const members = groups[row.key as keyof typeof groups];
      expect(row.cost).toBeCloseTo(fromLog(log, iso.from, iso.to, (r) => members.includes(r.user)).cost, 9);
    }
  });

  it('keys each day and each hour once, the totals those of the log, whichever roll-ups are read', async () => {
    const log = await p.events();
    const hours = { from: '2026-03-02T06:00:00.000Z', to: '2026-03-04T18:00:00.000Z' };
    const expected = fromLog(log, hours.from, hours.to, () => true);
    const byDay = await report(
      admin,
      `${usageRoutes.admin}?${new URLSearchParams({ ...hours, by: 'day' }).toString()}`,
    );
    expect(byDay.rows.map((r) => r.key)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    const byHour = await report(
      admin,
      `${usageRoutes.admin}?${new URLSearchParams({ ...hours, by: 'hour' }).toString()}`,
    );
    expect(new Set(byHour.rows.map((r) => r.key)).size).toBe(byHour.rows.length);
    for (const r of byHour.rows) expect(r.key).toMatch(/^2026-03-0[234]T\d\d:00:00\.000Z$/);
    for (const answer of [byDay, byHour]) {
      expect(answer.totals.requests).toBe(expected.requests);
      expect(answer.totals.cost).toBeCloseTo(expected.cost, 9);
      expect(answer.rows.reduce((s, r) => s + r.requests, 0)).toBe(expected.requests);
    }
    const byGroup = await report(admin, `${usageRoutes.admin}?${q({ by: 'group' })}`);
    const all = await report(admin, `${usageRoutes.admin}?${q({ by: 'day' })}`);
    expect({ ...byGroup.totals, cost: 0 }).toEqual({ ...all.totals, cost: 0 });
    expect(byGroup.totals.cost).toBeCloseTo(all.totals.cost, 9);
  });

  it('answers the same rows as CSV when asked by Accept or format=csv', async () => {
    const json = await report(admin, `${usageRoutes.admin}?${q({ by: 'user' })}`);
    const byAccept = await get(admin, `${usageRoutes.admin}?${q({ by: 'user' })}`, { accept: 'text/csv' });
    expect(byAccept.statusCode).toBe(200);
    expect(byAccept.headers['content-type']).toContain('text/csv');
    expect(byAccept.body).toBe(usageCsv(json.rows));
    expect(byAccept.body.trim().split('\r\n')).toHaveLength(json.rows.length + 1);
    const byFormat = await get(admin, `${usageRoutes.admin}?${q({ by: 'user', format: 'csv' })}`);
    expect(byFormat.body).toBe(byAccept.body);
  });

  it('is for admins only: 403 for a user, nothing read', async () => {
    const res = await get(ann, `${usageRoutes.admin}?${q({ by: 'user' })}`);
    expect(res.statusCode).toBe(403);
  });

  it('refuses bad queries with 400 and a clear message', async () => {
    const refusal = async (url: string) => {
      const res = await get(admin, url);
      expect(res.statusCode).toBe(400);
      return res.json<{ message: string }>().message;
    };
    expect(await refusal(`${usageRoutes.admin}?from=2026-03-05&to=2026-03-01`)).toContain(
      usageMessages.fromBeforeTo,
    );
    expect(await refusal(`${usageRoutes.admin}?from=2025-01-01&to=2026-03-01`)).toContain(
      usageMessages.tooLong(usageBounds.maxDays),
    );
    expect(await refusal(`${usageRoutes.admin}?from=2026-01-01&to=2026-03-01&by=hour`)).toContain(
      usageMessages.hourTooLong(usageBounds.maxHourDays),
    );
    expect(await refusal(`${usageRoutes.admin}?from=yesterday&to=2026-03-01`)).toContain(
      usageMessages.badTime('from'),
    );
    expect(await refusal(`${usageRoutes.admin}?to=2026-03-01`)).toContain(usageMessages.fromRequired);
    expect(await refusal(`${usageRoutes.admin}?${q({ by: 'week' })}`)).toContain("'by' must be one of");
    expect(await refusal(`${usageRoutes.own}?${q({ by: 'user' })}`)).toContain("'by' must be one of");
  });
});

describe('GET /api/usage', () => {
  it("answers the caller's own usage only, never another's", async () => {
    const log = await p.events();
    for (const user of users) {
      const own = await report(user, `${usageRoutes.own}?${q({ by: 'model' })}`);
      const expected = fromLog(log, iso.from, iso.to, (r) => r.user === user);
      expect(own.totals.requests).toBe(expected.requests);
      expect(own.totals.cost).toBeCloseTo(expected.cost, 9);
    }
    const stranger = await report('dan@example.com', `${usageRoutes.own}?${q({ by: 'day' })}`);
    expect(stranger).toEqual({
      success: true,
      rows: [],
      totals: { requests: 0, inputTokens: 0, outputTokens: 0, cost: 0 },
    });
  });
});
