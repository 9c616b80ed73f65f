import pg from 'pg';
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

const redisBackend = (url: string, prefix: string | undefined): QueueBackend => {
  const prefixed = prefix ? { prefix } : {};
  return {
    kind: 'redis',
    prepare: () => Promise.resolve(),
    queue: (name, { defaultJobOptions, onError }) => {
      const q = new Queue<JobEnvelope, unknown, string>(name, {
        connection: { url },
        ...prefixed,
        ...(defaultJobOptions ? { defaultJobOptions } : {}),
      });
      q.on('error', onError);
      return q;
    },
    worker: (name, processor, { concurrency, onError }) => {
      // A worker's connections must retry forever (BullMQ refuses maxRetriesPerRequest on blocking calls).
      const w = new Worker<JobEnvelope, unknown, string>(name, processor, {
        connection: { url, maxRetriesPerRequest: null },
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
      return q;
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
