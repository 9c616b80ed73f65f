import type { Logger } from '../logging/logger';
import { metricsRegistry } from './registry';

/** Fills gauges whose value lives elsewhere (a hub's size, a queue's counts) just before a scrape. */
export type MetricsCollector = () => Promise<void> | void;

const collectors = new Set<MetricsCollector>();

/**
 * Runs `collect` before every scrape until the returned function is called (call it when what it
 * reads closes). The same function added twice is one collector.
 */
export const addMetricsCollector = (collect: MetricsCollector): (() => void) => {
  collectors.add(collect);
  return () => {
    collectors.delete(collect);
  };
};

/** How long one collector may take (a queue on a Redis that is gone would hold the scrape forever). */
export const collectorTimeoutMs = 2000;

const bounded = async (collect: MetricsCollector, logger?: Logger): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), collectorTimeoutMs);
  });
  try {
    const outcome = await Promise.race([Promise.resolve().then(collect), late]);
    if (outcome === 'late')
      logger?.warn({ timeoutMs: collectorTimeoutMs }, 'a metrics collector did not answer in time');
  } catch (e) {
    logger?.warn({ err: e }, 'a metrics collector failed');
  } finally {
    clearTimeout(timer);
  }
};

/**
 * The registry in Prometheus' text format, after every collector ran. A collector that fails or
 * is late leaves its gauges as they were (logged), and the scrape still answers.
 */
export const renderMetrics = async (logger?: Logger): Promise<string> => {
  await Promise.all([...collectors].map((collect) => bounded(collect, logger)));
  return metricsRegistry.metrics();
};

export const metricsContentType = metricsRegistry.contentType;
