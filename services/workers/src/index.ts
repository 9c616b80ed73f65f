import type { BackoffOptions } from 'bullmq';
import type { Db, HealthCheck, Logger } from '@app/platform';
import { startReactor, type Reactor } from './reactor';
import { queueBackend, type BackendKind, type JobQueue, type JobWorker } from './queue-backend';
import { runJob } from './run-job';
import { defaultJobOptionsOf, type FinishedJobsRetention } from './finished-jobs';
import { startPruning } from './pruning';
import { startRetention } from './retention';
import { collectQueueMetrics } from './queue-metrics';
import type { JobServices, ProcessorRegistry, Routes } from './jobs/types';
import { createExtractionPool, type ExtractionPool } from './documents/extraction-pool';
import { extractionLimitsFrom, type ExtractionLimits } from './documents/extraction-limits';

export * from './jobs/types';
export { processors as platformProcessors, routes as platformRoutes } from './jobs/registry';
export {
  startReactor,
  jobIdOf,
  triggerOf,
  defaultReactorCheckpoint,
  type Reactor,
  type ReactorOptions,
} from './reactor';
export {
  queueBackend,
  redisRetryStrategy,
  bullmqSchema,
  type BackendKind,
  type JobQueue,
  type QueueBackend,
} from './queue-backend';
export {
  defaultFinishedJobs,
  defaultJobOptionsOf,
  type FinishedJobsRetention,
  type KeepFinished,
} from './finished-jobs';
export {
  startPruning,
  defaultCommandResultsRetentionHours,
  defaultPruneEveryMs,
  type Pruning,
  type PruningOptions,
} from './pruning';
export {
  startRetention,
  defaultRetentionEveryMs,
  type RetentionOptions,
  type RetentionRunner,
} from './retention';
export {
  jobFailedType,
  jobsStreamOf,
  jobMetadata,
  safeErrorMessage,
  maxErrorLength,
  recordJobFailure,
  type JobFailedData,
} from './job-failures';

export { createExtractionPool, type ExtractionPool } from './documents/extraction-pool';
export {
  defaultExtractionLimits,
  extractionLimitsFrom,
  type ExtractionLimits,
} from './documents/extraction-limits';

export const defaultQueueName = 'platform';

export interface WorkersOptions {
  db: Db;
  databaseUrl: string;
  /** BullMQ on Redis when set, else on its PostgreSQL backend in the platform's database. */
  redisUrl?: string;
  logger: Logger;
  routes: Routes;
  processors: ProcessorRegistry;
  /** Jobs one process runs at once. */
  concurrency?: number;
  queueName?: string;
  checkpointName?: string;
  /** Attempts per job (first run included) and the backoff between them. */
  retry?: { attempts: number; backoff: BackoffOptions };
  redisPrefix?: string;
  pollMs?: number;
  /** The master key's box and the guarded HTTP client, handed to every job (endpoint tests need both). */
  services?: JobServices;
  /** Command results older than this many hours are pruned (COMMAND_RESULTS_RETENTION_HOURS; 72 when unset). */
  commandResultsRetentionHours?: number;
  /** How often the pruning runs (hourly when unset). */
  pruneEveryMs?: number;
  /** How often conversations past the Retention section's days are expired (daily when unset). */
  retentionEveryMs?: number;
  /** How long and how many finished BullMQ jobs stay (defaultFinishedJobs when unset). */
  finishedJobs?: FinishedJobsRetention;
  /**
   * The document extraction pool's limits, over those of the environment (DOCUMENT_WORKERS,
   * DOCUMENT_TIME_LIMIT_SECONDS, DOCUMENT_MEMORY_MB; see extraction-limits.ts).
   */
  extraction?: Partial<ExtractionLimits>;
}

export interface RunningWorkers {
  backend: BackendKind;
  /** The queue, for inspection; null when there is no job to run. */
  queue: JobQueue | null;
  /**
   * Whether the job queue can take jobs (Redis; null on PostgreSQL or with no job to run): for
   * /healthz (`app.health.add`) and the command service (`jobQueue`), which answers at once while
   * it is down.
   */
  queueHealth: HealthCheck | null;
  /** The threads documents are read on (null with no job to run); started on the first document. */
  extraction: ExtractionPool | null;
  /** Stops enqueuing, finishes the jobs in flight, then closes the queue, the worker and their connections. */
  stop(): Promise<void>;
  /**
   * Resolves once the reactor has routed every event committed before the call and no job is waiting,
   * delayed (retries included) or running. For tests and tools; production never waits on it.
   */
  idle(): Promise<void>;
}

export const defaultRetry = { attempts: 5, backoff: { type: 'exponential', delay: 2000 } } as const;

const pending = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * The reactor (log → BullMQ jobs), the queue and a BullMQ worker running the processors. With no
 * processor registered nothing starts: there is no job to run.
 */
export const startWorkers = async (opts: WorkersOptions): Promise<RunningWorkers> => {
  const log = opts.logger.child({ component: 'workers' });
  const backend = queueBackend({
    databaseUrl: opts.databaseUrl,
    ...(opts.redisUrl ? { redisUrl: opts.redisUrl } : {}),
    ...(opts.redisPrefix ? { redisPrefix: opts.redisPrefix } : {}),
  });
  const pruning = startPruning({
    db: opts.db,
    logger: log,
    ...(opts.commandResultsRetentionHours !== undefined
      ? { retentionHours: opts.commandResultsRetentionHours }
      : {}),
    ...(opts.pruneEveryMs !== undefined ? { everyMs: opts.pruneEveryMs } : {}),
  });
  const retention = startRetention({
    db: opts.db,
    logger: log,
    ...(opts.retentionEveryMs !== undefined ? { everyMs: opts.retentionEveryMs } : {}),
  });
  const stopPeriodic = () => Promise.all([pruning.stop(), retention.stop()]).then(() => undefined);
  if (Object.keys(opts.processors).length === 0) {
    log.info({ backend: backend.kind }, 'no jobs registered: workers stay idle');
    const nothing = () => Promise.resolve();
    return {
      backend: backend.kind,
      queue: null,
      queueHealth: null,
      extraction: null,
      stop: () => stopPeriodic(),
      idle: nothing,
    };
  }

  const queueName = opts.queueName ?? defaultQueueName;
  let extraction: ExtractionPool;
  try {
    extraction = createExtractionPool({ ...extractionLimitsFrom(process.env), ...opts.extraction }, log);
  } catch (e) {
    await stopPeriodic();
    throw e;
  }
  const retry = opts.retry ?? defaultRetry;
  const onError = (what: string) => (e: Error) => log.error({ err: e, queue: queueName }, `${what} error`);
  try {
    await backend.prepare();
  } catch (e) {
    await stopPeriodic();
    await extraction.close();
    throw e;
  }
  const queue = backend.queue(queueName, {
    // Finished jobs are kept days and thousands (not forever): a replay finds their ids and enqueues nothing.
    defaultJobOptions: defaultJobOptionsOf(retry, opts.finishedJobs),
    onError: onError('queue'),
  });
  let worker: JobWorker | undefined;
  let reactor: Reactor | undefined;
  const stopQueueMetrics = collectQueueMetrics(queue);
  const closeAll = async () => {
    stopQueueMetrics();
    await reactor?.stop().catch((e: unknown) => log.error({ err: e }, 'reactor stop failed'));
    await worker?.close().catch((e: unknown) => log.error({ err: e }, 'worker close failed'));
    await queue.close().catch((e: unknown) => log.error({ err: e }, 'queue close failed'));
    await extraction.close().catch((e: unknown) => log.error({ err: e }, 'extraction pool close failed'));
    await stopPeriodic();
  };
  try {
    worker = backend.worker(
      queueName,
      runJob({
        db: opts.db,
        logger: log,
        processors: opts.processors,
        queueName,
        services: { extraction, ...opts.services },
      }),
      {
        concurrency: opts.concurrency ?? 4,
        onError: onError('worker'),
      },
    );
    await worker.waitUntilReady();
    reactor = await startReactor({
      db: opts.db,
      databaseUrl: opts.databaseUrl,
      queue,
      routes: opts.routes,
      logger: opts.logger,
      ...(opts.checkpointName ? { checkpointName: opts.checkpointName } : {}),
      ...(opts.pollMs ? { pollMs: opts.pollMs } : {}),
    });
  } catch (e) {
    await closeAll();
    throw e;
  }
  log.info(
    { backend: backend.kind, queue: queueName, jobs: Object.keys(opts.processors) },
    'workers started',
  );

  const running = reactor;
  const settled = async () => {
    const counts = await queue.getJobCounts(...pending);
    return Object.values(counts).every((n) => n === 0);
  };
  let stopping: Promise<void> | undefined;
  return {
    backend: backend.kind,
    queue,
    queueHealth: queue.health,
    extraction,
    stop: () => (stopping ??= closeAll()),
    idle: async () => {
      while (!stopping) {
        await running.idle();
        if (await settled()) {
          // A finished job may have appended events that need jobs of their own.
          await running.idle();
          if (await settled()) return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
};
