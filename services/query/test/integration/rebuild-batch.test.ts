import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { featureFlagsStreamId, type EventMetadata } from '@app/contracts';
import { appendToStream, logStart, readAllForward } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { featureFlagsProjection } from '../../src/projections/feature-flags';
import { rebuild } from '../../src/runner/rebuild';

const metadata = (email: string): EventMetadata => ({
  actor: { email, kind: 'admin' },
  commandId: 'c',
  correlationId: 'c',
  causationId: 'c',
  requestId: 'r',
  schemaVersion: 1,
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  // Flags created, changed, removed and created again, by two admins, across batch boundaries.
  const events: { type: string; data: unknown }[] = [];
  for (let round = 0; round < 6; round++)
    for (let i = 0; i < 5; i++) {
      const name = `flag${i}`;
      if (round === 0) events.push({ type: 'FeatureFlagCreated', data: { name } });
      else if (round === 1) events.push({ type: 'FeatureFlagEnabled', data: { name } });
      else if (round === 2)
        events.push({ type: 'FeatureFlagUserExceptionAdded', data: { name, email: `u${i}@example.com` } });
      else if (round === 3 && i % 2 === 0) events.push({ type: 'FeatureFlagRemoved', data: { name } });
      else if (round === 4 && i % 2 === 0) events.push({ type: 'FeatureFlagCreated', data: { name } });
      else if (round === 5)
        events.push({ type: 'FeatureFlagGroupExceptionAdded', data: { name, group: 'Staff' } });
    }
  for (const [n, event] of events.entries())
    await appendToStream(database.db, featureFlagsStreamId, [event], {
      expectedVersion: n,
      metadata: metadata(n % 2 === 0 ? 'ann@example.com' : 'bob@example.com'),
    });
  // A transaction open elsewhere on the server (another test's) holds committed events back from
  // readers until it ends: the rebuild starts once they are all readable.
  await vi.waitFor(
    async () =>
      expect(await readAllForward(database.db, logStart, events.length + 1)).toHaveLength(events.length),
    { timeout: 30_000, interval: 50 },
  );
});
afterAll(async () => {
  await database.drop();
});

const rows = () => database.db.selectFrom('rm_feature_flags').selectAll().orderBy('name').execute();

describe('a rebuild folds each batch in memory and writes each row once', () => {
  it('gives the same rows as folding event by event, whatever the batch size', async () => {
    const { applyBatch: _batch, ...eventByEvent } = featureFlagsProjection;
    await rebuild(database.db, eventByEvent, 1000);
    const expected = await rows();
    expect(expected.map((r) => [r.name, r.enabled, r.user_exceptions, r.amplify_group_exceptions])).toEqual([
      ['flag0', false, [], ['Staff']],
      ['flag1', true, ['u1@example.com'], ['Staff']],
      ['flag2', false, [], ['Staff']],
      ['flag3', true, ['u3@example.com'], ['Staff']],
      ['flag4', false, [], ['Staff']],
    ]);
    for (const size of [1, 7, 1000]) {
      await rebuild(database.db, featureFlagsProjection, size);
      expect(await rows()).toEqual(expected);
    }
  });
});
