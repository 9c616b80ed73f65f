import type { BackoffOptions, DefaultJobOptions } from 'bullmq';

/** Seconds since the job finished, and how many of its kind. */
export interface KeepFinished {
  age: number;
  count: number;
}

export interface FinishedJobsRetention {
  /** Completed jobs: kept at most this long (seconds) and at most this many. */
  completed: KeepFinished;
  /** Failed jobs (their failure is also in the log, as JobFailed): kept longer, for inspection. */
  failed: KeepFinished;
}

/**
 * A replay of the reactor's last batch (a crash between enqueuing and saving its checkpoint) must
 * find its jobs' ids and enqueue nothing: a few hundred jobs, minutes old. Days and thousands keep
 * them with room to spare, and keep BullMQ's storage bounded.
 */
export const defaultFinishedJobs: FinishedJobsRetention = {
  completed: { age: 7 * 24 * 3600, count: 10_000 },
  failed: { age: 30 * 24 * 3600, count: 10_000 },
};

/** The options of every job the workers enqueue: attempts, backoff, and how long finished jobs stay. */
export const defaultJobOptionsOf = (
  retry: { attempts: number; backoff: BackoffOptions },
  keep: FinishedJobsRetention = defaultFinishedJobs,
): DefaultJobOptions => ({
  attempts: retry.attempts,
  backoff: retry.backoff,
  removeOnComplete: { ...keep.completed },
  removeOnFail: { ...keep.failed },
});
