import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata, RecordedEvent } from '@app/contracts';
import { appendToStream, logStart, readAllForward } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import type { Applied, Projection } from '../../src/projections/projection';
import { runBatch } from '../../src/runner/run-batch';
import { eventually } from '../support/log';

const metadata: EventMetadata = {
  actor: { email: 'ann@example.com', kind: 'admin' },
  commandId: 'c',
  correlationId: 'c',
  causationId: 'c',
  requestId: 'r',
  schemaVersion: 1,
};

/** A projection that folds its batches with `applyMany` (and says which way each event went). */
const manyFolding = (failFirstMany: boolean) => {
  const seen = { many: [] as string[][], one: [] as string[] };
  let failing = failFirstMany;
  const projection: Projection = {
    name: `many-${String(failFirstMany)}`,
    readModel: 'featureFlags',
    handles: ['FeatureFlagCreated'],
    apply: (e: RecordedEvent) => {
      const { name } = e.data as { name: string };
      seen.one.push(name);
      return Promise.resolve([name]);
    },
    applyMany: (events: readonly RecordedEvent[]): Promise<Applied[]> => {
      const names = events.map((e) => (e.data as { name: string }).name);
      if (failing) {
        failing = false;
        return Promise.reject(new TypeError('cannot fold this batch'));
      }
      seen.many.push(names);
      return Promise.resolve(names.map((n) => [n]));
    },
    reset: () => Promise.resolve(),
  };
  return { seen, projection };
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  for (const [i, type] of ['FeatureFlagCreated', 'FeatureFlagEnabled', 'FeatureFlagCreated'].entries())
    await appendToStream(database.db, 'featureFlags-many', [{ type, data: { name: `f${i}` } }], {
      expectedVersion: i,
      metadata,
    });
  // Readable by every reader: another test's open transaction on the server can hold them back a while.
  await eventually(
    async () => (await readAllForward(database.db, logStart, 10)).length === 3,
    () => Promise.resolve(),
  );
});
afterAll(async () => {
  await database.drop();
});

describe('a projection that folds a batch at once (applyMany)', () => {
  it('given three events, two of them its own, when the runner runs a batch, then applyMany folds those two in one call and each answers its change for /live', async () => {
    const { seen, projection } = manyFolding(false);
    const outcome = await runBatch(database.db, [projection], { batchSize: 100 });
    expect(seen.many).toEqual([['f0', 'f2']]);
    expect(seen.one).toEqual([]);
    expect(outcome.changes.map((c) => c.ids)).toEqual([['f0'], ['f2']]);
    expect(outcome.positions).toHaveLength(3);
    // Caught up: a second batch reads nothing.
    expect((await runBatch(database.db, [projection], { batchSize: 100 })).positions).toEqual([]);
  });

  it('given applyMany throws, when the runner runs the batch, then it is folded again event by event and the same changes are pushed', async () => {
    const { seen, projection } = manyFolding(true);
    const outcome = await runBatch(database.db, [projection], { batchSize: 100 });
    expect(seen.many).toEqual([]);
    expect(seen.one).toEqual(['f0', 'f2']);
    expect(outcome.changes.map((c) => c.ids)).toEqual([['f0'], ['f2']]);
  });
});
