export {
  metricsRegistry,
  commandsTotal,
  commandDuration,
  eventAppendDuration,
  projectionPosition,
  projectionLagEvents,
  projectionParkedEvents,
  projectionRetryAttempts,
  queueJobs,
  liveSockets,
  observeCommand,
  observeAppend,
  secondsSince,
  type CommandMetricOutcome,
} from './registry';
export { addMetricsCollector, renderMetrics, metricsContentType, type MetricsCollector } from './collectors';
export { metricsRoute, type MetricsAccess } from './metrics-route';
