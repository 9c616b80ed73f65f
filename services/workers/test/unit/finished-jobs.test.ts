import { describe, expect, it } from 'vitest';
import { defaultFinishedJobs, defaultJobOptionsOf, defaultRetry } from '../../src/index';

describe('the options of every enqueued job', () => {
  it('keep finished jobs by age and count, failed ones longer, with the retry policy', () => {
    const opts = defaultJobOptionsOf(defaultRetry);
    expect(opts).toEqual({
      attempts: defaultRetry.attempts,
      backoff: defaultRetry.backoff,
      removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
      removeOnFail: { age: 30 * 24 * 3600, count: 10_000 },
    });
    expect(defaultFinishedJobs.failed.age).toBeGreaterThan(defaultFinishedJobs.completed.age);
  });

  it('keep at least a reactor batch of jobs, so a replay of its last batch enqueues nothing', () => {
    for (const keep of [defaultFinishedJobs.completed, defaultFinishedJobs.failed]) {
      expect(keep.count).toBeGreaterThanOrEqual(200);
      expect(keep.age).toBeGreaterThanOrEqual(24 * 3600);
    }
  });

  it('take the retention they are given', () => {
    const keep = { completed: { age: 60, count: 5 }, failed: { age: 120, count: 7 } };
    const opts = defaultJobOptionsOf({ attempts: 2, backoff: { type: 'fixed', delay: 10 } }, keep);
    expect(opts.removeOnComplete).toEqual({ age: 60, count: 5 });
    expect(opts.removeOnFail).toEqual({ age: 120, count: 7 });
  });
});
