import { addMetricsCollector, queueJobs } from '@app/platform';
import type { JobQueue } from './queue-backend';

/** The states `queue_jobs` reports, as BullMQ names them. */
export const reportedJobStates = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'failed',
  'completed',
] as const;

/**
 * `queue_jobs{queue,state}`: the queue's job counts, read at each scrape of /metrics. Answers the
 * function that stops it (call it before the queue closes).
 */
export const collectQueueMetrics = (queue: JobQueue): (() => void) =>
  addMetricsCollector(async () => {
    const counts = await queue.getJobCounts(...reportedJobStates);
    for (const state of reportedJobStates) queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
  });
