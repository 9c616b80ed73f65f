import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, statementCounter, type TestDatabase } from '../../src/testing/index';
import { sessionRows } from '../../src/identity/session-store';

/**
 * Every request checks its session: the requests that arrive together (one turn of the loop) are
 * checked by one statement, each answered for its own token.
 */
let database: TestDatabase;
const hour = 3_600_000;
const run = randomUUID();
const hashOf = (name: string) => `${name}-${run}`;

const sessionOf = async (name: string, email: string, idleExpiresAt: Date) => {
  const id = randomUUID();
  await sessionRows.insert(database.db, {
    id,
    tokenHash: hashOf(name),
    email,
    method: 'dev',
    ip: '127.0.0.1',
    userAgent: 'test',
    idleExpiresAt,
    expiresAt: new Date(Date.now() + 8 * hour),
  });
  return id;
};

let ann: string;
let bob: string;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insertInto('rm_admins')
    .values({ email: `ann-${run}@example.com`, added_by: 'test', added_at: new Date() })
    .execute();
  ann = await sessionOf('ann', `ann-${run}@example.com`, new Date(Date.now() + hour));
  bob = await sessionOf('bob', `bob-${run}@example.com`, new Date(Date.now() + hour));
  const ended = await sessionOf('ended', `cy-${run}@example.com`, new Date(Date.now() + hour));
  await sessionRows.end(database.db, ended, 'signed-out');
  await sessionOf('idle', `dee-${run}@example.com`, new Date(Date.now() - 1_000));
});
afterAll(async () => {
  await database.drop();
});

describe('the session check', () => {
  it('given requests of one turn, when their sessions are checked, then one statement answers each its own', async () => {
    const { counted, plugin } = statementCounter();
    const db = database.db.withPlugin(plugin);

    const found = await Promise.all(
      ['ann', 'bob', 'ended', 'idle', 'unknown', 'ann'].map((name) =>
        sessionRows.findActive(db, hashOf(name)),
      ),
    );

    expect(counted.statements).toBe(1);
    expect(found.map((s) => s?.id)).toEqual([ann, bob, undefined, undefined, undefined, ann]);
    expect(found.map((s) => s?.isAdmin)).toEqual([true, false, undefined, undefined, undefined, true]);
    expect(found[1]?.email).toBe(`bob-${run}@example.com`);
  });

  it('given checks in turns of their own, when answered, then one statement each', async () => {
    const { counted, plugin } = statementCounter();
    const db = database.db.withPlugin(plugin);

    expect((await sessionRows.findActive(db, hashOf('bob')))?.id).toBe(bob);
    expect(await sessionRows.findActive(db, hashOf('ended'))).toBeUndefined();

    expect(counted.statements).toBe(2);
  });
});
