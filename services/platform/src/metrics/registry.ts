import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The one registry of this process, created when the module is first loaded: every service app
 * of the process (tests start many) shares it, so nothing is ever registered twice.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** How a command ended: done, refused by a rule (400), lost to a concurrent change (409), or failed (500). */
export type CommandMetricOutcome = 'ok' | 'refused' | 'conflict' | 'error';

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const commandsTotal = new Counter({
  name: 'commands_total',
  help: 'Commands handled, by type and outcome (ok, refused, conflict, error).',
  labelNames: ['type', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const commandDuration = new Histogram({
  name: 'command_duration_seconds',
  help: 'How long a command took, from its request to its answer, by type and outcome.',
  labelNames: ['type', 'outcome'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

export const eventAppendDuration = new Histogram({
  name: 'event_append_duration_seconds',
  help: 'How long one append to the event log took.',
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

/** How a spend ledger append was made: in one statement on the ledgers read ahead, or under their locks. */
export type SpendAppendPath = 'one_statement' | 'locked';

export const spendLedgerAppendsTotal = new Counter({
  name: 'spend_ledger_appends_total',
  help: "Chat requests' reservations and settles on the spend ledgers, by kind and path (one_statement, locked).",
  labelNames: ['kind', 'path'] as const,
  registers: [metricsRegistry],
});

/** A reservation or settle made, by the way it was made. */
export const observeSpendAppend = (kind: 'reserve' | 'settle', path: SpendAppendPath): void => {
  spendLedgerAppendsTotal.inc({ kind, path });
};

/** A gauge with one series per projection. */
const projectionGauge = (name: string, help: string) =>
  new Gauge({ name, help, labelNames: ['projection'] as const, registers: [metricsRegistry] });

export const projectionPosition = projectionGauge(
  'projection_position',
  'The global position of the last event a projection has applied.',
);

export const projectionLagEvents = projectionGauge(
  'projection_lag_events',
  'Events committed to the log that a projection has not applied yet.',
);

export const projectionParkedEvents = projectionGauge(
  'projection_parked_events',
  'Events a projection has set aside because applying them failed.',
);

export const projectionRetryAttempts = projectionGauge(
  'projection_retry_attempts',
  'Failed attempts on the event a projection is held before (a transient failure, retried with backoff); 0 when none.',
);

export const queueJobs = new Gauge({
  name: 'queue_jobs',
  help: 'BullMQ jobs by queue and state (waiting, active, delayed, failed...).',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

export const liveSockets = new Gauge({
  name: 'live_sockets',
  help: 'Open /live websockets on this instance.',
  registers: [metricsRegistry],
});

/** One command handled: counted and timed under its type and outcome. */
export const observeCommand = (type: string, outcome: CommandMetricOutcome, seconds: number): void => {
  commandsTotal.inc({ type, outcome });
  commandDuration.observe({ type, outcome }, seconds);
};

/** One append to the event log, timed. */
export const observeAppend = (seconds: number): void => {
  eventAppendDuration.observe(seconds);
};

/** Seconds since `start` (a `performance.now()` reading). */
export const secondsSince = (start: number): number => (performance.now() - start) / 1000;
