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
  observeSpendAppend,
  spendLedgerAppendsTotal,
  secondsSince,
  type CommandMetricOutcome,
  type SpendAppendPath,
} from './registry';
export { addMetricsCollector, renderMetrics, metricsContentType, type MetricsCollector } from './collectors';
export { metricsRoute, type MetricsAccess } from './metrics-route';
