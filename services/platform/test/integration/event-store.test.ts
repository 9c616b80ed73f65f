import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { EventMetadata } from '@app/contracts';
import {
  appendToStream,
  ConcurrencyError,
  logStart,
  readAllForward,
  readStream,
  runIdempotent,
  committedHead,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

const meta = (email: string, commandId = 'c1'): EventMetadata => ({
  actor: { email, kind: 'admin' },
  commandId,
  correlationId: 'corr',
  causationId: 'cause',
  requestId: 'req',
  schemaVersion: 1,
});

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

describe('event store', () => {
  it('appends with the expected version and reads the stream back in order with metadata', async () => {
    await appendToStream(t.db, 's-1', [{ type: 'A', data: { n: 1 } }], {
      expectedVersion: 'no-stream',
      metadata: meta('ann@example.com'),
    });
    const r = await appendToStream(t.db, 's-1', [{ type: 'B', data: { n: 2 } }], {
      expectedVersion: 1,
      metadata: meta('ann@example.com'),
    });
    expect(r.nextExpectedVersion).toBe(2);
    const events = await readStream(t.db, 's-1');
    expect(events.map((e) => [e.type, e.streamVersion, e.data])).toEqual([
      ['A', 1, { n: 1 }],
      ['B', 2, { n: 2 }],
    ]);
    expect(events[0]?.metadata.actor.email).toBe('ann@example.com');
  });

  it('refuses a stale expected version with a ConcurrencyError naming who changed the stream', async () => {
    await appendToStream(t.db, 's-2', [{ type: 'A', data: {} }], {
      expectedVersion: 'no-stream',
      metadata: meta('bob@example.com'),
    });
    const stale = appendToStream(t.db, 's-2', [{ type: 'B', data: {} }], {
      expectedVersion: 'no-stream',
      metadata: meta('carl@example.com'),
    });
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({ lastActor: 'bob@example.com', actual: 1 });
    expect(await readStream(t.db, 's-2')).toHaveLength(1);
  });

  it('refuses a version ahead of the stream, alone or in a transaction, one event or many: no gap is left', async () => {
    await appendToStream(t.db, 's-gap', [{ type: 'A', data: {} }], {
      expectedVersion: 'no-stream',
      metadata: meta('bob@example.com'),
    });
    const one = { expectedVersion: 3, metadata: meta('carl@example.com') };
    await expect(appendToStream(t.db, 's-gap', [{ type: 'B', data: {} }], one)).rejects.toMatchObject({
      actual: 1,
      lastActor: 'bob@example.com',
    });
    await expect(
      appendToStream(
        t.db,
        's-gap',
        [
          { type: 'B', data: {} },
          { type: 'C', data: {} },
        ],
        one,
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(
      t.db.transaction().execute((trx) => appendToStream(trx, 's-gap', [{ type: 'B', data: {} }], one)),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await readStream(t.db, 's-gap')).map((e) => e.streamVersion)).toEqual([1]);
  });

  it('turns a lost race between two writers at the same version into a ConcurrencyError', async () => {
    const write = (who: string) =>
      t.db.transaction().execute((trx) =>
        appendToStream(trx, 's-race', [{ type: 'X', data: { who } }], {
          expectedVersion: 'no-stream',
          metadata: meta(who),
        }),
      );
    const results = await Promise.allSettled([write('a@x.io'), write('b@x.io'), write('c@x.io')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(ConcurrencyError);
    }
    expect(await readStream(t.db, 's-race')).toHaveLength(1);
  });

  it('runs a command once per (actor, commandId): a retry returns the first result and appends nothing', async () => {
    const work = (trx: typeof t.db) =>
      appendToStream(trx, 's-idem', [{ type: 'A', data: {} }], {
        expectedVersion: 'any',
        metadata: meta('d@x.io'),
      });
    const first = await runIdempotent(t.db, { actor: 'd@x.io', commandId: 'k1' }, work);
    const again = await runIdempotent(t.db, { actor: 'd@x.io', commandId: 'k1' }, work);
    expect(again).toEqual({ result: first.result, replayed: true });
    expect(await readStream(t.db, 's-idem')).toHaveLength(1);
    const other = await runIdempotent(t.db, { actor: 'e@x.io', commandId: 'k1' }, work);
    expect(other.replayed).toBe(false);
    expect(await readStream(t.db, 's-idem')).toHaveLength(2);
  });

  it('appends a save of many thousand events in one transaction, beyond the bind parameters of one INSERT', async () => {
    const many = Array.from({ length: 14_000 }, (_, i) => ({ type: 'Many', data: { i } }));
    const r = await appendToStream(t.db, 's-many', many, {
      expectedVersion: 'no-stream',
      metadata: meta('m@x.io'),
    });
    expect(r.nextExpectedVersion).toBe(14_000);
    const events = await readStream(t.db, 's-many');
    expect(events.map((e) => e.streamVersion)).toEqual(many.map((_, i) => i + 1));
    expect(events[13_999]?.data).toEqual({ i: 13_999 });
  });

  it('does not skip an event whose transaction began first and committed after a faster one', async () => {
    const from = (await committedHead(t.db)) ?? logStart;

    const slow = new pg.Client({ connectionString: t.url });
    await slow.connect();
    await slow.query('begin');
    await slow.query(
      `insert into events (stream_id, stream_version, event_type, data, metadata) values ('slow', 1, 'Slow', '{}', $1)`,
      [JSON.stringify(meta('slow@x.io'))],
    );
    // A faster transaction commits a later position while the slow one is still open.
    await appendToStream(t.db, 'fast', [{ type: 'Fast', data: {} }], {
      expectedVersion: 'no-stream',
      metadata: meta('fast@x.io'),
    });
    const whileOpen = await readAllForward(t.db, from, 100);
    expect(whileOpen.map((e) => e.type)).not.toContain('Fast');
    expect(whileOpen.map((e) => e.type)).not.toContain('Slow');

    await slow.query('commit');
    await slow.end();
    // On a shared server another open transaction may hold both back a moment longer: wait, never skip.
    let after = await readAllForward(t.db, from, 100);
    while (after.length < 2) {
      await new Promise((r) => setTimeout(r, 20));
      after = await readAllForward(t.db, from, 100);
    }
    expect(after.map((e) => e.type)).toEqual(['Slow', 'Fast']);
  });
});
