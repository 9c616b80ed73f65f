import { describe, expect, it } from 'vitest';
import { addMetricsCollector, liveSockets, observeCommand, renderMetrics } from '../../src/metrics/index';

describe('metrics collectors', () => {
  it('fill their gauges at each scrape, until they are removed', async () => {
    let open = 3;
    const stop = addMetricsCollector(() => liveSockets.set(open));
    expect(await renderMetrics()).toMatch(/^live_sockets 3$/m);
    open = 5;
    expect(await renderMetrics()).toMatch(/^live_sockets 5$/m);
    stop();
    open = 8;
    expect(await renderMetrics()).not.toMatch(/^live_sockets 8$/m);
  });

  it('a collector that fails leaves the scrape answering, with the other metrics', async () => {
    const stop = addMetricsCollector(() => Promise.reject(new Error('queue gone')));
    observeCommand('featureFlags', 'conflict', 0.02);
    try {
      const text = await renderMetrics();
      expect(text).toMatch(/^commands_total\{type="featureFlags",outcome="conflict"\} 1$/m);
      expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    } finally {
      stop();
    }
  });
});
