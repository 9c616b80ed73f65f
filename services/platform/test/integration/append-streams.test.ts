import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@app/contracts';
import { appendToStream, appendToStreams, ConcurrencyError, inTransaction, readStream } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

const meta: EventMetadata = {
  actor: { email: 'ann@example.com', kind: 'user' },
  commandId: 'c1',
  correlationId: 'corr',
  causationId: 'cause',
  requestId: 'req',
  schemaVersion: 1,
};

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

describe('appending to several streams in one statement', () => {
  it('given two streams at their expected versions, when appended together, then each has its events and its version', async () => {
    await appendToStream(t.db, 'multi-b', [{ type: 'B0', data: {} }], { expectedVersion: 0, metadata: meta });
    const results = await inTransaction(t.db, (trx) =>
      appendToStreams(
        trx,
        [
          { streamId: 'multi-a', events: [{ type: 'A1', data: { n: 1 } }], expectedVersion: 0 },
          {
            streamId: 'multi-b',
            events: [
              { type: 'B1', data: {} },
              { type: 'B2', data: {} },
            ],
            expectedVersion: 1,
          },
        ],
        meta,
      ),
    );
    expect(results.map((r) => r.nextExpectedVersion)).toEqual([1, 3]);
    expect((await readStream(t.db, 'multi-a')).map((e) => [e.type, e.data, e.metadata.actor.email])).toEqual([
      ['A1', { n: 1 }, 'ann@example.com'],
    ]);
    expect((await readStream(t.db, 'multi-b')).map((e) => e.type)).toEqual(['B0', 'B1', 'B2']);
  });

  it('given one stream moved on, when appended together, then a ConcurrencyError names it and neither stream changes', async () => {
    await appendToStream(t.db, 'multi-d', [{ type: 'D0', data: {} }], { expectedVersion: 0, metadata: meta });
    const failed = await inTransaction(t.db, (trx) =>
      appendToStreams(
        trx,
        [
          { streamId: 'multi-c', events: [{ type: 'C1', data: {} }], expectedVersion: 0 },
          { streamId: 'multi-d', events: [{ type: 'D1', data: {} }], expectedVersion: 0 },
        ],
        meta,
      ),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(ConcurrencyError);
    expect((failed as ConcurrencyError).streamId).toBe('multi-d');
    expect((failed as ConcurrencyError).actual).toBe(1);
    expect(await readStream(t.db, 'multi-c')).toEqual([]);
    expect((await readStream(t.db, 'multi-d')).map((e) => e.type)).toEqual(['D0']);
  });

  it('refuses to run outside a transaction', async () => {
    await expect(
      appendToStreams(
        t.db,
        [{ streamId: 'multi-e', events: [{ type: 'E', data: {} }], expectedVersion: 0 }],
        meta,
      ),
    ).rejects.toThrow(/inside a transaction/);
  });
});
