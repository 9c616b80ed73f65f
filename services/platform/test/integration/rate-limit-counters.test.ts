import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, statementCounter, type TestDatabase } from '../../src/testing/index';
import { pgWindowCounter, redisWindowCounter, type WindowCounter } from '../../src/http/rate-limit-counters';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const minute = 60_000;

const counterBehaviour = (name: string, open: () => WindowCounter) =>
  describe(`the request budget's counter on ${name}`, () => {
    let counter: WindowCounter;
    // Unique per run: Redis keeps its counters between runs for their minute.
    const run = randomBytes(4).toString('hex');
    beforeAll(() => {
      counter = open();
    });
    afterAll(async () => {
      await counter.close();
    });

    it('given a new key, each request counts one more in a window that ends within its length', async () => {
      const key = `count-${run}`;
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push(await counter.incr(key, minute));
      expect(seen.map((s) => s.current)).toEqual([1, 2, 3]);
      for (const s of seen) {
        expect(s.ttl).toBeGreaterThan(0);
        expect(s.ttl).toBeLessThanOrEqual(minute);
      }
    });

    it('given concurrent requests on several instances, none is lost', async () => {
      const key = `concurrent-${run}`;
      const counters = [counter, open()];
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => counters[i % 2]!.incr(key, minute)),
      );
      await counters[1]!.close();
      expect(answers.map((a) => a.current).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
    });

    it('given another key, its count is its own', async () => {
      await counter.incr(`mine-${run}`, minute);
      expect((await counter.incr(`theirs-${run}`, minute)).current).toBe(1);
    });

    it('given a window that has ended, the next request starts a new one at 1', async () => {
      const key = `ends-${run}`;
      await counter.incr(key, 20);
      await counter.incr(key, 20);
      // Waits on the condition (the window's end as the store's clock sees it), not a fixed time.
      await expect.poll(async () => (await counter.incr(key, 20)).current, { timeout: 5_000 }).toBe(1);
    });
  });

counterBehaviour('PostgreSQL', () => pgWindowCounter(database.db));
counterBehaviour('Redis', () => redisWindowCounter(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379'));

describe('the request budget counter on PostgreSQL, and its connection', () => {
  it('given a count, when the same connection is asked, then its commits wait for the WAL flush again', async () => {
    const one = await createTestDatabase({ max: 1 });
    try {
      const counter = pgWindowCounter(one.db);
      await counter.incr(`flush-${randomBytes(4).toString('hex')}`, minute);
      await counter.close();

      const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(one.db);

      // Its own commit only: the next statement on the pool's one connection commits as configured.
      expect(rows[0]?.synchronous_commit).toBe('on');
    } finally {
      await one.drop();
    }
  });
});

describe('the request budget counter on PostgreSQL, in a burst', () => {
  it('given requests of one turn for two keys, when counted, then one statement and each its count in order', async () => {
    const { counted, plugin } = statementCounter();
    const counter = pgWindowCounter(database.db.withPlugin(plugin));
    const run = randomBytes(4).toString('hex');
    const [mine, theirs] = [`burst-mine-${run}`, `burst-theirs-${run}`];
    await counter.incr(mine, minute);
    counted.statements = 0;

    const answers = await Promise.all(
      [mine, theirs, mine, mine, theirs].map((key) => counter.incr(key, minute)),
    );
    await counter.close();

    expect(counted.statements).toBe(1);
    expect(answers.map((a) => a.current)).toEqual([2, 1, 3, 4, 2]);
    for (const a of answers) expect(a.ttl).toBeGreaterThan(0);
  });
});
