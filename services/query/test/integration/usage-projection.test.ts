import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AmplifyGroupsEvent, RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { handlesEvent } from '../../src/projections/projection';
import { usageRollupsProjection } from '../../src/projections/usage-rollups';
import { readUsage } from '../../src/read/usage';
import {
  answerRated,
  chatEnded,
  chatRequested,
  streams,
  usage,
  type SeededChat,
} from '../support/usage-events';

/** Given events, when the usage projection folds them, then the roll-ups answer these reports. */
let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t.drop();
});
beforeEach(async () => {
  await db.transaction().execute((trx) => usageRollupsProjection.reset(trx));
});

let position = 0;
const recorded = (
  streamId: string,
  event: { type: string; data: unknown },
  actor: string,
  at: string,
): RecordedEvent => {
  position += 1;
  return {
    globalPosition: String(position),
    transactionId: String(position),
    streamId,
    streamVersion: 1,
    type: event.type,
    data: event.data,
    metadata: {
      actor: { email: actor, kind: 'user' },
      commandId: `c${position}`,
      correlationId: 'corr',
      causationId: 'cause',
      requestId: 'req',
      schemaVersion: 1,
    },
    recordedAt: at,
  };
};

const asked = (c: SeededChat) => recorded(streams.chat(c.requestId), chatRequested(c), c.user, c.endedAt);
const ended = (c: SeededChat) => {
  const end = chatEnded(c);
  return end ? [recorded(streams.chat(c.requestId), end, c.user, c.endedAt)] : [];
};
const chat = (c: SeededChat) => [asked(c), ...ended(c)];
const groupEvent = (e: AmplifyGroupsEvent) =>
  recorded('config-amplifyGroups', e, 'admin@example.com', '2026-01-01T00:00:00.000Z');
const billingGroup = (groupName: string, members: string[]): AmplifyGroupsEvent => ({
  type: 'AmplifyGroupCreated',
  data: {
    groupName,
    members,
    createdBy: 'admin@example.com',
    includeFromOtherGroups: [],
    isBillingGroup: true,
    rateLimit: { period: 'Unlimited', rate: null },
  },
});

const given = (events: readonly RecordedEvent[]) =>
  db.transaction().execute(async (trx) => {
    for (const e of events)
      if (handlesEvent(usageRollupsProjection, e.type)) await usageRollupsProjection.apply(e, trx);
  });

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const a = (n: number, over: Partial<SeededChat> = {}): SeededChat => ({
  requestId: `r${n}`,
  user: ann,
  model: 'gpt-4o',
  endedAt: '2026-03-01T10:15:00.000Z',
  usage: usage(0.25),
  ...over,
});
const march = { from: '2026-03-01', to: '2026-03-03' };

describe('usageRollups projection', () => {
  it('counts a request once, at its end, in its day and hour; one asked but never ended counts nothing', async () => {
    await given([
      ...chat(a(1)),
      ...chat(a(2, { endedAt: '2026-03-02T23:59:00.000Z', usage: usage(0.5, 10, 20), end: 'ChatStopped' })),
      ...chat(a(3, { end: 'none' })),
      // A second end of the same request (a replay): not counted again.
      ...ended(a(1)),
    ]);
    expect(await readUsage(db, { ...march, by: 'day' })).toEqual({
      success: true,
      rows: [
        { key: '2026-03-01', requests: 1, inputTokens: 100, outputTokens: 50, cost: 0.25 },
        { key: '2026-03-02', requests: 1, inputTokens: 10, outputTokens: 20, cost: 0.5 },
      ],
      totals: { requests: 2, inputTokens: 110, outputTokens: 70, cost: 0.75 },
    });
    const hours = await readUsage(db, { ...march, by: 'hour' });
    expect(hours.rows.map((r) => [r.key, r.requests])).toEqual([
      ['2026-03-01T10:00:00.000Z', 1],
      ['2026-03-02T23:00:00.000Z', 1],
    ]);
  });

  it('keys rows by user, model, account and API key; a failed request counts its usage too', async () => {
    await given([
      ...chat(a(1)),
      ...chat(a(2, { user: bob, model: 'claude', accountId: 'coa-7', apiKeyId: 'k1', end: 'ChatFailed' })),
    ]);
    const rowsBy = async (by: 'user' | 'model' | 'account' | 'key') =>
      (await readUsage(db, { ...march, by })).rows.map((r) => [r.key, r.requests, r.cost]);
    expect(await rowsBy('user')).toEqual([
      [ann, 1, 0.25],
      [bob, 1, 0.25],
    ]);
    expect(await rowsBy('model')).toEqual([
      ['claude', 1, 0.25],
      ['gpt-4o', 1, 0.25],
    ]);
    expect(await rowsBy('account')).toEqual([
      ['coa-7', 1, 0.25],
      ['general_account', 1, 0.25],
    ]);
    expect(await rowsBy('key')).toEqual([
      ['', 1, 0.25],
      ['k1', 1, 0.25],
    ]);
  });

  it('counts an embeddings call through the API like a chat request: its input tokens and cost, no output', async () => {
    const at = '2026-03-01T11:00:00.000Z';
    const via = { api: 'openai' as const, apiKeyId: 'k9' };
    await given([
      recorded(
        'embeddings-e1',
        {
          type: 'EmbeddingsRequested',
          data: {
            requestId: 'e1',
            model: 'embed',
            accountId: 'general_account',
            inputs: 2,
            reserved: 1,
            via,
          },
        },
        ann,
        at,
      ),
      recorded(
        'embeddings-e1',
        {
          type: 'EmbeddingsCompleted',
          data: { requestId: 'e1', usage: { inputTokens: 30, cost: 0.01 }, durationMs: 5 },
        },
        ann,
        at,
      ),
    ]);
    expect((await readUsage(db, { ...march, by: 'key' })).rows).toMatchObject([
      { key: 'k9', requests: 1, inputTokens: 30, outputTokens: 0, cost: 0.01 },
    ]);
  });

  it('counts a request to the billing groups its requester belonged to when asking, not later ones', async () => {
    await given([
      groupEvent(billingGroup('Lab', [ann])),
      ...chat(a(1)),
      groupEvent({ type: 'AmplifyGroupMemberRemoved', data: { groupName: 'Lab', email: ann } }),
      ...chat(a(2)),
      groupEvent({ type: 'AmplifyGroupMemberAdded', data: { groupName: 'Lab', email: bob } }),
      ...chat(a(3, { user: bob, usage: usage(1) })),
    ]);
    const byGroup = await readUsage(db, { ...march, by: 'group' });
    expect(byGroup.rows.map((r) => [r.key, r.requests, r.cost])).toEqual([['Lab', 2, 1.25]]);
    expect(byGroup.totals.requests).toBe(3);
    const lab = await readUsage(db, { ...march, by: 'user', group: 'Lab' });
    expect(lab.rows.map((r) => [r.key, r.requests])).toEqual([
      [bob, 1],
      [ann, 1],
    ]);
    expect(lab.totals).toEqual({ requests: 2, inputTokens: 200, outputTokens: 100, cost: 1.25 });
  });

  it("adds each model's latest ratings to its row", async () => {
    const rated = (c: SeededChat, rating: 'good' | 'bad') =>
      recorded(streams.feedback(c.requestId), answerRated(c, rating), c.user, c.endedAt);
    await given([...chat(a(1)), ...chat(a(2)), rated(a(1), 'bad'), rated(a(1), 'good'), rated(a(2), 'bad')]);
    const byModel = await readUsage(db, { ...march, by: 'model' });
    expect(byModel.rows).toEqual([
      {
        key: 'gpt-4o',
        requests: 2,
        inputTokens: 200,
        outputTokens: 100,
        cost: 0.5,
        ratings: { up: 1, down: 1 },
      },
    ]);
  });

  it("a user's own report holds their requests only", async () => {
    await given([...chat(a(1)), ...chat(a(2, { user: bob, usage: usage(2) }))]);
    const own = await readUsage(db, { ...march, by: 'model', user: bob });
    expect(own.totals).toEqual({ requests: 1, inputTokens: 100, outputTokens: 50, cost: 2 });
  });
});
