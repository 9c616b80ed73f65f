import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@app/contracts';
import { appendToStream, type Db } from '@app/platform';
import { createTestDatabase, statementCounter, type TestDatabase } from '@app/platform/testing';
import { readTails, streamHead } from '../../src/shared/stream-tails';

/**
 * A request's first reads (its configuration's tails, its ledgers', whether its id is taken) are
 * asked by different parts of the code: asked of one database in one turn, they go out as one
 * statement, each answered its own part.
 */
let database: TestDatabase;
const metadata = (): EventMetadata => {
  const id = randomUUID();
  return {
    actor: { email: 'ann@example.com', kind: 'admin' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};
const a = `tails-a-${randomUUID()}`;
const b = `tails-b-${randomUUID()}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const events = ['one', 'two', 'three'].map((n) => ({ type: 'Noted', data: { n } }));
  await appendToStream(database.db, a, events, { expectedVersion: 0, metadata: metadata() });
});
afterAll(async () => {
  await database.drop();
});

/** The database through a plugin that counts the statements sent. */
const counting = (db: Db) => {
  const { counted, plugin } = statementCounter();
  return { counted, db: db.withPlugin(plugin) };
};

describe('stream tails', () => {
  it('given reads asked in one turn, when they are answered, then one statement, each its own part', async () => {
    const { counted, db } = counting(database.db);

    const [fromOne, both, headA, headB] = await Promise.all([
      readTails(db, new Map([[a, 1]])),
      readTails(
        db,
        new Map([
          [b, 0],
          [a, 3],
        ]),
      ),
      streamHead(db, a),
      streamHead(db, b),
    ]);

    expect(counted.statements).toBe(1);
    expect(fromOne.get(a)).toEqual({
      stream_id: a,
      head: 3,
      tail: [
        { type: 'Noted', data: { n: 'two' } },
        { type: 'Noted', data: { n: 'three' } },
      ],
    });
    expect(both.get(a)).toEqual({ stream_id: a, head: 3, tail: [] });
    expect(both.get(b)).toEqual({ stream_id: b, head: 0, tail: [] });
    expect([headA, headB]).toEqual([3, 0]);
  });

  it('given reads asked in turns of their own, when they are answered, then one statement each', async () => {
    const { counted, db } = counting(database.db);

    await streamHead(db, a);
    await readTails(db, new Map([[a, 0]]));

    expect(counted.statements).toBe(2);
  });

  it('given a statement that fails, when reads were asked together, then each is refused', async () => {
    const { db } = counting(database.db);
    const broken = new Map([[a, Number.NaN]]);

    const answers = await Promise.allSettled([readTails(db, broken), streamHead(db, b)]);

    expect(answers.map((x) => x.status)).toEqual(['rejected', 'rejected']);
  });
});
