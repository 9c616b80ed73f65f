import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmplifyGroupsEvent } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { usageRollupsProjection } from '../../src/projections/usage-rollups';
import { rebuild } from '../../src/runner/rebuild';
import { appendLog, foldLog, recording, resetProjection, type LogEvent } from '../support/batch-folding';
import {
  answerRated,
  chatEnded,
  chatRequested,
  streams,
  usage,
  type SeededChat,
} from '../support/usage-events';

const users = ['ann@example.com', 'Bob@Example.com', 'cat@example.com'];
const base = Date.parse('2026-03-01T10:00:00.000Z');
const minutes = (n: number) => new Date(base + n * 37 * 60_000).toISOString();

const chatOf = (n: number): SeededChat => ({
  requestId: `r${n}`,
  user: users[n % 3] ?? '',
  model: n % 2 === 0 ? 'gpt-4o' : 'claude',
  ...(n % 4 === 1 ? { apiKeyId: 'k1' } : {}),
  endedAt: minutes(n),
  usage: usage([0.1, 0.2, 0.3, 1 / 3, 0.07, 0.013][n % 6] ?? 0, 100 + n, 20 + n),
  end: (['ChatCompleted', 'ChatStopped', 'ChatFailed', 'ChatCompleted', 'none'] as const)[n % 5],
});

const groupEvent = (event: AmplifyGroupsEvent, n: number): LogEvent => ({
  streamId: 'config-amplifyGroups',
  ...event,
  actor: 'admin@example.com',
  at: minutes(n),
});
const created = (groupName: string, members: string[], isBillingGroup: boolean): AmplifyGroupsEvent => ({
  type: 'AmplifyGroupCreated',
  data: {
    groupName,
    members,
    createdBy: 'admin@example.com',
    includeFromOtherGroups: [],
    isBillingGroup,
    rateLimit: { period: 'Unlimited', rate: null },
  },
});

const asked = (c: SeededChat, n: number): LogEvent => ({
  streamId: streams.chat(c.requestId),
  ...chatRequested(c),
  actor: c.user,
  at: minutes(n),
});
const ended = (c: SeededChat, n: number): LogEvent[] => {
  const end = chatEnded(c);
  return end ? [{ streamId: streams.chat(c.requestId), ...end, actor: c.user, at: minutes(n) }] : [];
};
const rated = (c: SeededChat, rating: 'good' | 'bad', n: number): LogEvent => ({
  streamId: streams.feedback(c.requestId),
  ...answerRated(c, rating),
  actor: users[(n + 1) % 3] ?? '',
  at: minutes(n),
});
const embeddings = (n: number): LogEvent[] => {
  const requestId = `e${n}`;
  const streamId = `embeddings-${requestId}`;
  const via = { api: 'openai' as const, apiKeyId: 'k2' };
  const actor = users[n % 3] ?? '';
  return [
    {
      streamId,
      type: 'EmbeddingsRequested',
      data: { requestId, model: 'embed', accountId: 'general_account', inputs: 2, reserved: 1, via },
      actor,
      at: minutes(n),
    },
    {
      streamId,
      type: n % 2 === 0 ? 'EmbeddingsCompleted' : 'EmbeddingsFailed',
      data: { requestId, usage: { inputTokens: 30 + n, cost: 0.01 * n }, durationMs: 5, message: 'failed' },
      actor,
      at: minutes(n + 1),
    },
  ];
};

/** What happens to the groups at some steps of the log (their members are counted from then on). */
const groupChanges: Record<number, AmplifyGroupsEvent> = {
  8: { type: 'AmplifyGroupMemberAdded', data: { groupName: 'Lab', email: 'bob@example.com' } },
  12: { type: 'AmplifyGroupInclusionAdded', data: { groupName: 'Lab', included: 'Ops' } },
  15: { type: 'AmplifyGroupBillingChanged', data: { groupName: 'Ops', isBillingGroup: true } },
  18: { type: 'AmplifyGroupMemberRemoved', data: { groupName: 'Lab', email: 'ann@example.com' } },
  22: { type: 'AmplifyGroupDeleted', data: { groupName: 'Ops' } },
  25: created('Ops', ['ann@example.com', 'cat@example.com'], true),
};

/**
 * Requests asked and ended two steps later (in the same batch or the next), some never; ends replayed,
 * a request asked again after its end, one asked twice, an end of a request never asked; answers rated
 * and rated again; embeddings calls; the billing groups changing in between.
 */
const usageLog = (): LogEvent[] => {
  const events: LogEvent[] = [
    groupEvent(created('Lab', ['ann@example.com'], true), 0),
    groupEvent(created('Ops', ['bob@example.com'], false), 0),
  ];
  for (let n = 0; n < 30; n++) {
    events.push(asked(chatOf(n), n));
    if (n >= 2) events.push(...ended(chatOf(n - 2), n));
    const change = groupChanges[n];
    if (change) events.push(groupEvent(change, n));
    if (n % 7 === 3) events.push(...embeddings(n));
    if (n % 4 === 0 && n >= 4) events.push(rated(chatOf(n - 4), n % 8 === 0 ? 'good' : 'bad', n));
    if (n % 8 === 6) events.push(rated(chatOf(n - 6), 'bad', n));
    if (n === 10) events.push(...ended(chatOf(3), n));
    if (n === 14) events.push(asked(chatOf(5), n));
    if (n === 16) events.push(...ended(chatOf(5), n));
    if (n === 20) events.push(asked({ ...chatOf(19), model: 'other' }, n));
    if (n === 21) events.push(...ended({ ...chatOf(200), requestId: 'ghost' }, n));
  }
  return events;
};

let database: TestDatabase;
const log = usageLog();
beforeAll(async () => {
  database = await createTestDatabase();
  await appendLog(database.db, log);
});
afterAll(async () => {
  await database.drop();
});

/** Every table of the usage roll-ups, in a fixed order. */
const rows = async () => {
  const db = database.db;
  return {
    rollups: await db
      .selectFrom('rm_usage_rollups')
      .selectAll()
      .orderBy('grain')
      .orderBy('group_name')
      .orderBy('bucket')
      .orderBy('user_email')
      .orderBy('model')
      .orderBy('account_id')
      .orderBy('api_key_id')
      .execute(),
    open: await db.selectFrom('rm_usage_open').selectAll().orderBy('request_id').execute(),
    groups: await db.selectFrom('rm_usage_groups').selectAll().orderBy('group_name').execute(),
    members: await db
      .selectFrom('rm_usage_billing_members')
      .selectAll()
      .orderBy('email')
      .orderBy('group_name')
      .execute(),
    ratings: await db.selectFrom('rm_usage_ratings').selectAll().orderBy('request_id').execute(),
  };
};

/** The rows and answers of folding the log event by event, with `apply` alone. */
const foldedEventByEvent = async () => {
  await resetProjection(database.db, usageRollupsProjection);
  const reference = recording(usageRollupsProjection, true);
  await foldLog(database.db, reference.projection, 1000);
  return { rows: await rows(), record: reference.record };
};

describe('usage roll-ups folded a batch at a time by the live runner (applyMany)', () => {
  it('given requests asked and ended within and across batches, ratings and group changes, when the runner folds the log in batches of any size, then every table and each answer are those of apply event by event', async () => {
    const reference = await foldedEventByEvent();
    expect(reference.record.answers).toHaveLength(log.length);
    // The log counts something in every table: requests still open, groups' members, ratings.
    expect(reference.rows.rollups.some((r) => r.group_name === 'Ops')).toBe(true);
    expect(reference.rows.rollups.some((r) => r.group_name === 'Lab')).toBe(true);
    expect(reference.rows.open.map((r) => r.request_id)).toContain('r4');
    expect(reference.rows.members.length).toBeGreaterThan(0);
    expect(reference.rows.ratings.length).toBeGreaterThan(0);

    for (const size of [1, 2, 5, 13, 1000]) {
      await resetProjection(database.db, usageRollupsProjection);
      const batched = recording(usageRollupsProjection, false);
      await foldLog(database.db, batched.projection, size);
      expect(await rows()).toEqual(reference.rows);
      expect(batched.record.answers).toEqual(reference.record.answers);
      expect(batched.record.applyCalls).toBe(0);
      // At most two reads and three writes, and two more writes when the batch changes groups.
      expect(Math.max(...batched.record.statements)).toBeLessThanOrEqual(7);
    }
  });

  it('given a batch of chat requests asked, ended and rated in it, when the runner folds it, then it costs five statements whatever its length, and the rows are those of apply', async () => {
    const more: LogEvent[] = [];
    for (let n = 40; n < 80; n++) {
      more.push(asked(chatOf(n), n));
      more.push(...ended(chatOf(n), n));
      if (n % 3 === 0) more.push(rated(chatOf(n), 'good', n));
    }
    await resetProjection(database.db, usageRollupsProjection);
    const batched = recording(usageRollupsProjection, false);
    await foldLog(database.db, batched.projection, 1000);
    const before = batched.record.statements.length;
    await appendLog(database.db, more);
    await foldLog(database.db, batched.projection, 1000);
    const folded = await rows();
    const moreBatches = batched.record.statements.slice(before);

    const reference = await foldedEventByEvent();
    expect(folded).toEqual(reference.rows);
    expect(batched.record.answers).toEqual(reference.record.answers);
    expect(batched.record.applyCalls).toBe(0);
    // Event by event, the same events cost one statement each; as a batch, five in all (fewer when a
    // batch rates nothing): the billing groups and open requests read, then the open requests, the
    // roll-ups and the ratings written.
    expect(reference.record.statements.slice(-more.length)).toEqual(more.map(() => 1));
    expect(moreBatches.length).toBeGreaterThan(0);
    for (const n of moreBatches) expect(n).toBeLessThanOrEqual(5);
    if (moreBatches.length === 1) expect(moreBatches).toEqual([5]);
  });

  it('given the log, when a rebuild folds it with applyMany (the projection has no applyBatch), then every table is that of apply event by event', async () => {
    const reference = await foldedEventByEvent();
    for (const size of [7, 1000]) {
      const batched = recording(usageRollupsProjection, false);
      await rebuild(database.db, batched.projection, size);
      expect(await rows()).toEqual(reference.rows);
      expect(batched.record.manyCalls).toBeGreaterThan(0);
      expect(batched.record.applyCalls).toBe(0);
    }
  });
});
