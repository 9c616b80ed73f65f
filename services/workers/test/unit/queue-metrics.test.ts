import { describe, expect, it } from 'vitest';
import { renderMetrics } from '@app/platform';
import type { JobQueue } from '../../src/queue-backend';
import { collectQueueMetrics } from '../../src/queue-metrics';

/** Only what the collector reads of a queue: its name and its job counts. */
const queueWith = (name: string, counts: Record<string, number>): JobQueue =>
  ({ name, getJobCounts: () => Promise.resolve(counts) }) as unknown as JobQueue;

describe('queue_jobs', () => {
  it("reports the queue's job counts by state at each scrape", async () => {
    const stop = collectQueueMetrics(queueWith('platform', { waiting: 3, active: 1, failed: 2 }));
    try {
      const text = await renderMetrics();
      expect(text).toMatch(/^queue_jobs\{queue="platform",state="waiting"\} 3$/m);
      expect(text).toMatch(/^queue_jobs\{queue="platform",state="active"\} 1$/m);
      expect(text).toMatch(/^queue_jobs\{queue="platform",state="failed"\} 2$/m);
      expect(text).toMatch(/^queue_jobs\{queue="platform",state="delayed"\} 0$/m);
    } finally {
      stop();
    }
  });
});
