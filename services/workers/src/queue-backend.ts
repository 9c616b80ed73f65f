import pg from 'pg';
import { Redis } from 'ioredis';
import {
  Queue,
  Worker,
  createPostgresBackend,
  runMigrations,
  withBackend,
  type BulkJobOptions,
  type DefaultJobOptions,
  type Job,
  type JobType,
  type ObliterateOpts,
  type Processor,
} from 'bullmq';
import { backoffDelay, briefError, defaultListenBackoff, type HealthCheck } from '@app/platform';
import type { JobEnvelope } from './jobs/types';

export type BackendKind = 'redis' | 'postgres';

export interface QueueBackendSettings {
  /** BullMQ runs on Redis when this is set, else on its PostgreSQL backend in `databaseUrl`. */
  redisUrl?: string;
  databaseUrl: string;
  /** Redis only: the key prefix (BullMQ's default `bull`). Tests use one per run. */
  redisPrefix?: string;
}

/** BullMQ's tables and functions live in this schema of the platform's database (PostgreSQL backend). */
export const bullmqSchema = 'bullmq';

export type EnvelopeJob = Job<JobEnvelope, unknown, string>;

/** What the workers need of a BullMQ Queue, on either backend. */
export interface JobQueue {
  readonly name: string;
  addBulk(jobs: { name: string; data: JobEnvelope; opts?: BulkJobOptions }[]): Promise<EnvelopeJob[]>;
  getJob(jobId: string): Promise<EnvelopeJob | undefined>;
  getJobCounts(...types: JobType[]): Promise<{ [index: string]: number }>;
  obliterate(opts?: ObliterateOpts): Promise<void>;
  close(): Promise<void>;
  /** Whether the queue can take jobs now (Redis); null on PostgreSQL, where the database check says it. */
  readonly health: HealthCheck | null;
}

/** What the workers need of a BullMQ Worker, on either backend. */
export interface JobWorker {
  waitUntilReady(): Promise<unknown>;
  /** Waits for the jobs in flight (unless forced), then closes the worker's connections. */
  close(force?: boolean): Promise<void>;
}

export type EnvelopeProcessor = Processor<JobEnvelope, unknown, string>;

export interface QueueBackend {
  kind: BackendKind;
  /** Creates or upgrades BullMQ's schema (PostgreSQL backend); nothing to do on Redis. */
  prepare(): Promise<void>;
  queue(name: string, opts: { defaultJobOptions?: DefaultJobOptions; onError: (e: Error) => void }): JobQueue;
  worker(
    name: string,
    processor: EnvelopeProcessor,
    opts: { concurrency: number; onError: (e: Error) => void },
  ): JobWorker;
}

/**
 * Every Redis connection reconnects forever, 250 ms doubling to 10 s, jittered (ioredis counts
 * attempts from 1).
 */
export const redisRetryStrategy = (times: number): number => backoffDelay(times - 1, defaultListenBackoff);

/** The job queue's Redis connection as /healthz and the endpoint-test route see it. */
const redisHealth = (redis: Redis): HealthCheck => {
  let downSince: Date | null = null;
  let lastError: string | null = null;
  redis.on('error', (e) => (lastError = briefError(e)));
  redis.on('close', () => (downSince ??= new Date()));
  redis.on('ready', () => {
    downSince = null;
    lastError = null;
  });
  return {
    name: 'job queue (redis)',
    check: async () => {
      if (redis.status !== 'ready')
        return {
          status: 'down',
          detail:
            (downSince ? `down since ${downSince.toISOString()}` : redis.status) +
            (lastError ? ` (${lastError})` : '') +
            ', reconnecting',
        };
      await redis.ping();
      return { status: 'ok' };
    },
  };
};

/** A BullMQ Queue (either backend) as a JobQueue, with its health and what else to close. */
const jobQueueOf = (
  q: Omit<JobQueue, 'health'>,
  health: HealthCheck | null,
  afterClose: () => Promise<void> = () => Promise.resolve(),
): JobQueue => ({
  name: q.name,
  health,
  addBulk: (jobs) => q.addBulk(jobs),
  getJob: (jobId) => q.getJob(jobId),
  getJobCounts: (...types) => q.getJobCounts(...types),
  obliterate: (opts) => q.obliterate(opts),
  close: async () => {
    await q.close();
    await afterClose();
  },
});

const redisBackend = (url: string, prefix: string | undefined): QueueBackend => {
  const prefixed = prefix ? { prefix } : {};
  return {
    kind: 'redis',
    prepare: () => Promise.resolve(),
    queue: (name, { defaultJobOptions, onError }) => {
      // A connection of its own that fails fast while Redis is down (no offline queue, one retry for
      // a command caught by a drop): the reactor keeps its checkpoint and enqueues again later.
      const redis = new Redis(url, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        retryStrategy: redisRetryStrategy,
      });
      const health = redisHealth(redis);
      const q = new Queue<JobEnvelope, unknown, string>(name, {
        connection: redis,
        ...prefixed,
        ...(defaultJobOptions ? { defaultJobOptions } : {}),
      });
      q.on('error', onError);
      return jobQueueOf(q, health, async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    },
    worker: (name, processor, { concurrency, onError }) => {
      // A worker's connections must retry forever (BullMQ refuses maxRetriesPerRequest on blocking calls).
      const w = new Worker<JobEnvelope, unknown, string>(name, processor, {
        connection: { url, maxRetriesPerRequest: null, retryStrategy: redisRetryStrategy },
        ...prefixed,
        concurrency,
      });
      w.on('error', onError);
      return w;
    },
  };
};

const postgresBackend = (databaseUrl: string): QueueBackend => {
  const pgClasses = withBackend(createPostgresBackend);
  // A config object (not a bare string) so BullMQ builds and owns the pools, pins their search_path to
  // the schema, and gives each worker a LISTEN connection of its own outside the pool.
  const connection = (max: number) => ({ connectionString: databaseUrl, schema: bullmqSchema, max });
  return {
    kind: 'postgres',
    prepare: async () => {
      // Explicit, once per start: BullMQ connections only check the schema version. Idempotent and
      // serialized across processes by BullMQ's transaction-scoped advisory lock.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await runMigrations(client, bullmqSchema);
      } finally {
        await client.end();
      }
    },
    queue: (name, { defaultJobOptions, onError }) => {
      const q = new pgClasses.Queue<JobEnvelope, unknown, string>(name, {
        connection: connection(3),
        ...(defaultJobOptions ? { defaultJobOptions } : {}),
      });
      q.on('error', onError);
      return jobQueueOf(q, null);
    },
    worker: (name, processor, { concurrency, onError }) => {
      const w = new pgClasses.Worker<JobEnvelope, unknown, string>(name, processor, {
        connection: connection(concurrency + 2),
        concurrency,
      });
      w.on('error', onError);
      return w;
    },
  };
};

/** Redis when a URL is given, else BullMQ's own PostgreSQL backend in the platform's database. */
export const queueBackend = (settings: QueueBackendSettings): QueueBackend =>
  settings.redisUrl
    ? redisBackend(settings.redisUrl, settings.redisPrefix)
    : postgresBackend(settings.databaseUrl);
