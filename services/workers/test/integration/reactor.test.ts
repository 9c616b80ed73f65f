import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appendToStream,
  clearPark,
  createLogger,
  loadCheckpoint,
  loadParks,
  logStart,
  readStream,
  saveCheckpoint,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { jobIdOf, routeByType, startReactor, type JobEnvelope } from '../../src/index';
import { requestJob, testRequested } from '../support/test-jobs';

const logger = createLogger(process.env['TEST_LOG_LEVEL'] ?? 'silent', 'reactor-test');

type Added = { name: string; data: JobEnvelope; opts?: { jobId?: string } };

/** Records what the reactor enqueues; can refuse the next call like a queue that is down. */
const fakeQueue = () => {
  const added: Added[] = [];
  let failures = 0;
  let attempted: () => void = () => undefined;
  const queue = {
    added,
    failNext: () => {
      failures += 1;
      return new Promise<void>((r) => (attempted = r));
    },
    addBulk: (jobs: Added[]) => {
      if (failures > 0) {
        failures -= 1;
        attempted();
        return Promise.reject(new Error('queue unavailable'));
      }
      added.push(...jobs);
      return Promise.resolve([]);
    },
  };
  return queue;
};

const routes = routeByType({ [testRequested]: (e) => ({ name: 'echo', data: { from: e.streamId } }) });

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

describe('reactor', () => {
  it('enqueues one job per routed event, with the event position in its id, and skips the others', async () => {
    const queue = fakeQueue();
    const reactor = await startReactor({
      db: t.db,
      databaseUrl: t.url,
      queue,
      routes,
      checkpointName: 'r1',
      logger,
    });
    try {
      await requestJob(t.db, 'echo', 1, { correlationId: 'c-1', requestId: 'q-1' });
      await requestJob(t.db, 'echo', 2);
      await appendToStream(t.db, 'other-1', [{ type: 'SomethingElse', data: {} }], {
        expectedVersion: 'any',
        metadata: {
          actor: { email: 'a@x.io', kind: 'admin' },
          commandId: 'x',
          correlationId: 'x',
          causationId: 'x',
          requestId: 'x',
          schemaVersion: 1,
        },
      });
      await reactor.idle();

      const [first] = await readStream(t.db, 'test-1');
      const [second] = await readStream(t.db, 'test-2');
      expect(queue.added.map((j) => j.opts?.jobId)).toEqual([jobIdOf(first!), jobIdOf(second!)]);
      expect(queue.added[0]).toEqual({
        name: 'echo',
        data: {
          trigger: {
            type: testRequested,
            globalPosition: first!.globalPosition,
            streamId: 'test-1',
            correlationId: 'c-1',
            requestId: 'q-1',
          },
          data: { from: 'test-1' },
        },
        opts: { jobId: `${testRequested}-${first!.globalPosition}` },
      });
      // The checkpoint passed the unrouted event too.
      const [other] = await readStream(t.db, 'other-1');
      expect((await loadCheckpoint(t.db, 'r1')).globalPosition).toBe(other!.globalPosition);
    } finally {
      await reactor.stop();
    }
  });

  it('wakes a moment after an append, so the appends of that moment are routed in one batch', async () => {
    const queue = fakeQueue();
    const batches: number[] = [];
    const counted = { addBulk: (jobs: Added[]) => (batches.push(jobs.length), queue.addBulk(jobs)) };
    // A log of its own: the other tests count what their reactors route.
    const own = await createTestDatabase();
    const reactor = await startReactor({
      db: own.db,
      databaseUrl: own.url,
      queue: counted,
      routes,
      logger,
      wakeDelayMs: 2000,
      // Only a wake routes them: a poll between two appends would split the batch.
      pollMs: 60_000,
    });
    try {
      // Its first read of the log (at start) is over before the appends.
      await reactor.idle();
      for (const n of [1, 2, 3]) await requestJob(own.db, 'echo', n);
      await vi.waitFor(() => expect(batches.reduce((a, b) => a + b, 0)).toBe(3), { timeout: 10_000 });
      expect(batches).toEqual([3]);
    } finally {
      await reactor.stop();
      await own.drop();
    }
  });

  it('keeps its checkpoint until the jobs are enqueued, then enqueues them again', async () => {
    const queue = fakeQueue();
    const refused = queue.failNext();
    // A long poll: after the refusal only idle() makes the reactor try again.
    const reactor = await startReactor({
      db: t.db,
      databaseUrl: t.url,
      queue,
      routes,
      checkpointName: 'r2',
      logger,
      pollMs: 60_000,
    });
    try {
      await refused;
      expect(await loadCheckpoint(t.db, 'r2')).toEqual(logStart);
      expect(queue.added).toEqual([]);

      await reactor.idle();
      expect(queue.added.map((j) => j.data.trigger.streamId)).toEqual(['test-1', 'test-2']);
      expect(await loadCheckpoint(t.db, 'r2')).not.toEqual(logStart);
    } finally {
      await reactor.stop();
    }
  });

  it('runs one leader per checkpoint name; another instance takes over when it stops', async () => {
    const instances = await Promise.all(
      [fakeQueue(), fakeQueue()].map(async (queue) => ({
        queue,
        reactor: await startReactor({
          db: t.db,
          databaseUrl: t.url,
          queue,
          routes,
          checkpointName: 'r3',
          logger,
        }),
      })),
    );
    try {
      await Promise.all(instances.map((i) => i.reactor.idle()));
      const counts = instances.map((i) => i.queue.added.length).sort();
      expect(counts).toEqual([0, 2]);

      const [leader, standby] =
        instances[0]!.queue.added.length > 0 ? instances : [instances[1]!, instances[0]!];
      await leader!.reactor.stop();
      await requestJob(t.db, 'echo', 3);
      await standby!.reactor.idle();
      expect(standby!.queue.added.map((j) => j.data.trigger.streamId)).toEqual(['test-3']);
    } finally {
      await Promise.all(instances.map((i) => i.reactor.stop()));
    }
  });

  it('an event whose route throws is retried, then parked: the jobs before it go out, a skip lets the rest through', async () => {
    const queue = fakeQueue();
    let attempts = 0;
    const poisoned = routeByType({
      [testRequested]: (e) => {
        if ((e.data as { n?: number }).n === 21) {
          attempts += 1;
          throw new Error('cannot route this one');
        }
        return { name: 'echo', data: { from: e.streamId } };
      },
    });
    const reactor = await startReactor({
      db: t.db,
      databaseUrl: t.url,
      queue,
      routes: poisoned,
      checkpointName: 'r-poison',
      logger,
      pollMs: 20,
      retry: { maxAttempts: 3, firstDelayMs: 10, maxDelayMs: 20 },
    });
    try {
      await requestJob(t.db, 'echo', 20);
      await requestJob(t.db, 'echo', 21);
      await requestJob(t.db, 'echo', 22);
      await expect.poll(async () => (await loadParks(t.db)).get('r-poison')?.parked).toBe(true);
      const park = (await loadParks(t.db)).get('r-poison')!;
      expect(park).toMatchObject({ streamId: 'test-21', attempts: 3, error: 'Error: cannot route this one' });
      expect(attempts).toBe(3);
      const streams = () => queue.added.map((j) => j.data.trigger.streamId);
      expect(streams()).toContain('test-20');
      expect(streams()).not.toContain('test-22');

      // What `npm run events -- skip --projection reactor` does: past the event, park cleared.
      await saveCheckpoint(t.db, 'r-poison', park.at);
      await clearPark(t.db, 'r-poison');
      await expect.poll(streams).toContain('test-22');
      expect(streams()).not.toContain('test-21');
      expect(attempts).toBe(3);
    } finally {
      await reactor.stop();
    }
  });
});
