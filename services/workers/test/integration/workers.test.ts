import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '@app/contracts';
import { createLogger, deleteCheckpoint, readStream } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import {
  jobFailedType,
  jobIdOf,
  jobsStreamOf,
  queueBackend,
  startWorkers,
  type JobFailedData,
  type RunningWorkers,
} from '../../src/index';
import { requestJob, resultStreamOf, testEchoed, testJobs, testRequested } from '../support/test-jobs';

const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const logger = createLogger(process.env['TEST_LOG_LEVEL'] ?? 'silent', 'workers-test');

describe.each(['postgres', 'redis'] as const)('workers on the %s backend', (backend) => {
  const run = randomBytes(4).toString('hex');
  const queueName = `test-${run}`;
  const redisPrefix = `test-${run}`;
  const jobs = testJobs();
  let t: TestDatabase;

  const start = (): Promise<RunningWorkers> =>
    startWorkers({
      db: t.db,
      databaseUrl: t.url,
      ...(backend === 'redis' ? { redisUrl, redisPrefix } : {}),
      logger,
      routes: jobs.routes,
      processors: jobs.processors,
      queueName,
      checkpointName: `reactor-${run}`,
      retry: { attempts: 3, backoff: { type: 'fixed', delay: 5 } },
      pollMs: 200,
    });

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    if (backend === 'redis') {
      // Keep nothing in the shared Redis.
      const queue = queueBackend({ databaseUrl: t.url, redisUrl, redisPrefix }).queue(queueName, {
        onError: () => undefined,
      });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await t.drop();
  });

  it('runs the job of a routed event and records its outcome in the log, linked to the trigger', async () => {
    const workers = await start();
    try {
      expect(workers.backend).toBe(backend);
      await requestJob(t.db, 'test-echo', 1);
      await workers.idle();

      const [trigger] = await readStream(t.db, 'test-1');
      const results = await readStream(t.db, resultStreamOf(1));
      expect(results.map((e) => [e.type, e.data])).toEqual([[testEchoed, { n: 1 }]]);
      expect(results[0]?.metadata).toEqual({
        actor: systemActor,
        commandId: jobIdOf(trigger!),
        correlationId: 'corr-1',
        causationId: trigger!.globalPosition,
        requestId: 'req-1',
        schemaVersion: 1,
      });
      expect(jobs.calls.get('test-echo')).toBe(1);
      const job = await workers.queue!.getJob(`${testRequested}-${trigger!.globalPosition}`);
      expect(await job?.getState()).toBe('completed');
    } finally {
      await workers.stop();
    }
  });

  it('enqueues nothing new and runs no job twice when the reactor replays the log', async () => {
    const first = await start();
    const before = await first.queue!.getJobCounts();
    await first.stop();

    await deleteCheckpoint(t.db, `reactor-${run}`);
    const replay = await start();
    try {
      await replay.idle();
      expect(await replay.queue!.getJobCounts()).toEqual(before);
      expect(jobs.calls.get('test-echo')).toBe(1);
      expect(await readStream(t.db, resultStreamOf(1))).toHaveLength(1);
    } finally {
      await replay.stop();
    }
  });

  it('retries a failing job with backoff and records its failure in the log after the last attempt', async () => {
    const workers = await start();
    try {
      const { position } = await requestJob(t.db, 'test-fail', 2);
      await workers.idle();

      expect(jobs.calls.get('test-fail')).toBe(3);
      const failures = await readStream(t.db, jobsStreamOf(queueName));
      expect(failures.map((e) => e.type)).toEqual([jobFailedType]);
      const data = failures[0]?.data as JobFailedData;
      expect(data).toMatchObject({
        job: 'test-fail',
        jobId: `${testRequested}-${position}`,
        eventType: testRequested,
        position,
        attempts: 3,
      });
      expect(data.error).toContain('upstream refused attempt 3');
      expect(data.error).not.toContain('hunter2');
      expect(data.error).not.toContain('sk-abcdefghijkl');
      expect(failures[0]?.metadata).toMatchObject({
        actor: systemActor,
        correlationId: 'corr-2',
        causationId: position,
      });
      expect(await (await workers.queue!.getJob(data.jobId))?.getState()).toBe('failed');
    } finally {
      await workers.stop();
    }
  });

  it.runIf(backend === 'postgres')('holds no transaction open while its worker waits for jobs', async () => {
    const workers = await start();
    try {
      await workers.idle();
      // Sampled while the worker blocks on its LISTEN connection: an open write transaction here
      // would hold back pg_snapshot_xmin, and with it every reader of the log in the cluster.
      for (let i = 0; i < 20; i++) {
        const open = await sql<{ state: string; xid: string | null }>`
          select state, backend_xid::text as xid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and (state like 'idle in transaction%' or backend_xid is not null)`.execute(t.db);
        expect(open.rows).toEqual([]);
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await workers.stop();
    }
  });

  it('lets the job in flight finish before stop() resolves', async () => {
    const workers = await start();
    await requestJob(t.db, 'test-slow', 3);
    await jobs.slow.started;

    const stopped = workers.stop().then(() => jobs.order.push('stopped'));
    await new Promise((r) => setTimeout(r, 100));
    jobs.order.push('released');
    jobs.slow.release();
    await stopped;

    expect(jobs.order).toEqual(['released', 'job finished', 'stopped']);
    expect(await readStream(t.db, resultStreamOf(3))).toHaveLength(1);
    expect(jobs.calls.get('test-slow')).toBe(1);
  });
});

describe('without jobs', () => {
  it('starts nothing and reports the backend it would use', async () => {
    const opts = {
      db: undefined as never,
      databaseUrl: 'postgres://unused',
      logger,
      routes: () => null,
      processors: {},
    };
    const onPostgres = await startWorkers(opts);
    const onRedis = await startWorkers({ ...opts, redisUrl });
    expect([onPostgres.backend, onRedis.backend, onPostgres.queue]).toEqual(['postgres', 'redis', null]);
    await onPostgres.idle();
    await onPostgres.stop();
    await onRedis.stop();
  });
});
