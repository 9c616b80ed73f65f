import type { RecordedEvent } from '@app/contracts';
import {
  checkpointOf,
  clearPark,
  committedHead,
  defaultRetryPolicy,
  isAtOrPast,
  loadCheckpoint,
  loadParks,
  mayTry,
  reactorFollower,
  readAllForward,
  recordFailure,
  saveCheckpoint,
  followLog,
  type Db,
  type Logger,
  type RetryPolicy,
} from '@app/platform';
import { leadership } from './leadership';
import type { JobEnvelope, Routes, TriggerRef } from './jobs/types';
import type { JobQueue } from './queue-backend';

export const defaultReactorCheckpoint = reactorFollower;

/** How long after an append the reactor wakes to route it. */
export const defaultReactorWakeDelayMs = 25;

/**
 * The job id of the side work of one event: a replay of the same event yields the same id, and BullMQ
 * ignores a job whose id it already holds. BullMQ refuses ':' in custom ids, hence `<type>-<position>`.
 */
export const jobIdOf = (event: Pick<RecordedEvent, 'type' | 'globalPosition'>): string =>
  `${event.type.replaceAll(':', '_')}-${event.globalPosition}`;

export const triggerOf = (event: RecordedEvent): TriggerRef => ({
  type: event.type,
  globalPosition: event.globalPosition,
  streamId: event.streamId,
  correlationId: event.metadata.correlationId,
  requestId: event.metadata.requestId,
});

/**
 * The last event in commit order among those committed now (null for an empty log). Events of
 * transactions that started before an older one still running elsewhere in the cluster are committed
 * but not yet readable; waiting to pass this head waits for them too.
 */

export interface ReactorOptions {
  db: Db;
  databaseUrl: string;
  queue: Pick<JobQueue, 'addBulk'>;
  routes: Routes;
  checkpointName?: string;
  logger: Logger;
  batchSize?: number;
  /** Fallback polling when a NOTIFY is missed. */
  pollMs?: number;
  /** How long after an append the reactor reads it (default 25 ms; 0: at once). */
  wakeDelayMs?: number;
  /** How an event whose route throws is retried before it is parked. */
  retry?: RetryPolicy;
}

export interface Reactor {
  /** Finishes the batch in flight, then stops reading. */
  stop(): Promise<void>;
  /** Resolves once every event committed before the call has been routed (and its job enqueued). */
  idle(): Promise<void>;
}

/**
 * The log → BullMQ subscription: reads the log in commit order after its checkpoint, enqueues the job
 * each routed event needs, and saves the checkpoint after the jobs are enqueued: while the queue
 * refuses them (Redis down) the checkpoint stays and every poll tries again. A crash in between
 * enqueues those jobs again on restart, with the same ids, so each runs once. One instance leads
 * (advisory lock); the others stand by.
 */
export const startReactor = async (opts: ReactorOptions): Promise<Reactor> => {
  const name = opts.checkpointName ?? defaultReactorCheckpoint;
  const batchSize = opts.batchSize ?? 200;
  const log = opts.logger.child({ component: 'reactor', checkpoint: name });
  const lead = leadership(opts.databaseUrl, name, log);
  let enqueueFailing = false;

  const step = async (): Promise<{ more: boolean }> => {
    if (!(await lead.check())) return { more: false };
    const park = (await loadParks(opts.db)).get(name);
    if (!mayTry(park, new Date())) return { more: false };
    const from = await loadCheckpoint(opts.db, name);
    const events = await readAllForward(opts.db, from, batchSize);
    if (events.length === 0) return { more: false };
    const jobs: { name: string; data: JobEnvelope; opts: { jobId: string } }[] = [];
    let routed: RecordedEvent | null = null;
    let failed: { event: RecordedEvent; error: unknown } | null = null;
    for (const event of events) {
      let request;
      try {
        request = opts.routes(event);
      } catch (error) {
        // A poison event: the jobs before it go out, the checkpoint stops just before it.
        failed = { event, error };
        break;
      }
      if (request)
        jobs.push({
          name: request.name,
          data: { trigger: triggerOf(event), data: request.data },
          opts: { jobId: jobIdOf(event) },
        });
      routed = event;
    }
    if (jobs.length > 0) {
      try {
        await opts.queue.addBulk(jobs);
      } catch (e) {
        // The checkpoint stays before these events: the next pass (every poll) enqueues them again.
        if (!enqueueFailing) log.warn({ err: e }, 'cannot enqueue jobs (is the job queue down?); retrying');
        enqueueFailing = true;
        return { more: false };
      }
      if (enqueueFailing) log.info('jobs are enqueued again');
      enqueueFailing = false;
      log.debug({ jobs: jobs.map((j) => j.opts.jobId) }, 'jobs enqueued');
    }
    if (routed) await saveCheckpoint(opts.db, name, checkpointOf(routed));
    if (failed) {
      log.warn(
        { err: failed.error, position: failed.event.globalPosition },
        'cannot route an event; retrying, then parking it',
      );
      await recordFailure(opts.db, name, failed.event, failed.error, park, opts.retry ?? defaultRetryPolicy);
      return { more: false };
    }
    if (park) await clearPark(opts.db, name);
    return { more: events.length === batchSize };
  };

  const loop = await followLog(step, {
    databaseUrl: opts.databaseUrl,
    pollMs: opts.pollMs ?? 1000,
    // Side work waits a moment: the appends of a burst are routed in one batch, and the reactor keeps
    // off the loop while the chat requests that appended them send their first tokens.
    wakeDelayMs: opts.wakeDelayMs ?? defaultReactorWakeDelayMs,
    logger: log,
    what: 'reactor',
  });
  let stopped = false;

  return {
    idle: async () => {
      const target = await committedHead(opts.db);
      while (!stopped) {
        await loop.idle();
        if (!target || isAtOrPast(await loadCheckpoint(opts.db, name), target)) return;
        // Committed but not yet readable: an older transaction is still open somewhere in the cluster.
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: async () => {
      stopped = true;
      await loop.stop();
      await lead.close();
    },
  };
};
