import { sql } from 'kysely';
import type { Db } from '../db/database';
import { briefError, listenerStatuses, type ListenerStatus } from '../db/notifications';

export type HealthStatus = 'ok' | 'degraded' | 'down';

export interface HealthResult {
  status: HealthStatus;
  /** A few words for the operator (never a secret, never an address). */
  detail?: string;
}

/** One dependency /healthz reports on. */
export interface HealthCheck {
  name: string;
  /**
   * Without it the service cannot answer at all (the database): down makes /healthz answer 503.
   * Any other check that is not ok makes it 'degraded' (still 200).
   */
  critical?: boolean;
  check(): Promise<HealthResult>;
}

export interface HealthReport {
  /** 'down' when a critical dependency is down, 'degraded' when anything else is not ok. */
  status: HealthStatus;
  checks: Record<string, HealthResult>;
}

/** The checks of one service app; every part of the service adds its own (`app.health.add`). */
export interface HealthRegistry {
  /** Adds a check; answers a function that removes it. */
  add(check: HealthCheck): () => void;
  /** Runs every check at once, each bounded by `timeoutMs`. */
  report(timeoutMs?: number): Promise<HealthReport>;
}

/** How long one check may take before /healthz counts it as down. */
export const defaultHealthTimeoutMs = 2000;

/** Runs one check within `timeoutMs`: a check that throws or does not answer in time is down. */
export const runHealthCheck = async (check: HealthCheck, timeoutMs: number): Promise<HealthResult> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<HealthResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'down', detail: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([
      check.check().catch((e: unknown): HealthResult => ({ status: 'down', detail: briefError(e) })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
};

export const overallStatus = (
  results: readonly { critical: boolean; result: HealthResult }[],
): HealthStatus =>
  results.some((r) => r.critical && r.result.status === 'down')
    ? 'down'
    : results.some((r) => r.result.status !== 'ok')
      ? 'degraded'
      : 'ok';

export const createHealthRegistry = (): HealthRegistry => {
  const checks = new Set<HealthCheck>();
  return {
    add: (check) => {
      checks.add(check);
      return () => void checks.delete(check);
    },
    report: async (timeoutMs = defaultHealthTimeoutMs) => {
      const all = [...checks];
      const results = await Promise.all(all.map((c) => runHealthCheck(c, timeoutMs)));
      const named: Record<string, HealthResult> = {};
      all.forEach((c, i) => {
        const result = results[i];
        if (result) named[c.name] = result;
      });
      return {
        status: overallStatus(
          all.map((c, i) => ({ critical: c.critical === true, result: results[i] ?? { status: 'down' } })),
        ),
        checks: named,
      };
    },
  };
};

/** The database answers `select 1` (bounded by the report's timeout). Critical. */
export const databaseHealthCheck = (db: Db): HealthCheck => ({
  name: 'database',
  critical: true,
  check: async () => {
    await sql`select 1`.execute(db);
    return { status: 'ok' };
  },
});

const describeListener = (l: ListenerStatus): string =>
  l.connected
    ? `${l.name}: connected`
    : `${l.name}: down since ${l.downSince?.toISOString() ?? 'start'}` +
      (l.lastError ? ` (${l.lastError})` : '') +
      ', reconnecting';

/**
 * The LISTEN connections of this process (live fan-out, log followers): down while one of them is
 * down (they reconnect by themselves; the followers poll meanwhile, live pushes wait).
 */
export const listenersHealthCheck = (statuses: () => ListenerStatus[] = listenerStatuses): HealthCheck => ({
  name: 'listeners',
  check: () => {
    const all = statuses();
    if (all.length === 0) return Promise.resolve({ status: 'ok', detail: 'none in this process' });
    return Promise.resolve({
      status: all.every((l) => l.connected) ? 'ok' : 'down',
      detail: all.map(describeListener).join('; '),
    });
  },
});

/**
 * Hook for the projection runner: how far each projection is behind the head of the log (in
 * events); degraded above `degradedAbove`. Register it with `app.health.add(projectionLagCheck(...))`.
 */
export const projectionLagCheck = (
  behind: () => Promise<Readonly<Record<string, number>>>,
  degradedAbove = 1000,
): HealthCheck => ({
  name: 'projection lag',
  check: async () => {
    const entries = Object.entries(await behind());
    const late = entries.filter(([, n]) => n > degradedAbove);
    const most = Math.max(0, ...entries.map(([, n]) => n));
    return late.length === 0
      ? { status: 'ok', detail: `at most ${most} events behind` }
      : { status: 'degraded', detail: late.map(([p, n]) => `${p}: ${n} events behind`).join('; ') };
  },
});

/**
 * Hook for the projection runner: the events a projection failed on, whether it is held before one
 * (retrying it, or parked after its last attempt) or went on past one it set aside; degraded while
 * there is one. Register it with `app.health.add(parkedEventsCheck(...))`.
 */
export const parkedEventsCheck = (
  parked: () => Promise<
    readonly {
      projection: string;
      /** The event's type (set aside: the types of those listed). */
      eventType: string;
      state: 'retrying' | 'parked' | 'set aside';
      /** How many events (set aside: one entry per projection). */
      count?: number;
    }[]
  >,
): HealthCheck => ({
  name: 'parked events',
  check: async () => {
    const found = await parked();
    return found.length === 0
      ? { status: 'ok' }
      : {
          status: 'degraded',
          detail: found
            .map(
              (p) =>
                `${p.projection}: ${p.eventType} ${p.state}${(p.count ?? 1) > 1 ? ` (${p.count} events)` : ''}`,
            )
            .join('; '),
        };
  },
});
