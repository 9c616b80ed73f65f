import type { FastifyInstance } from 'fastify';
import {
  addMetricsCollector,
  parkedEventsCheck,
  projectionLagCheck,
  projectionLagEvents,
  projectionParkedEvents,
  projectionPosition,
  projectionRetryAttempts,
  type Db,
} from '@app/platform';
import type { Projection } from '../projections/projection';
import { projectionStatus } from './projection-status';

/** Lag above this many events makes /healthz say degraded; it is counted no further. */
const lagDegradedAbove = 1000;

/** How long one reading serves /healthz: both checks, and every caller meanwhile. */
const healthReadingMs = 1000;

/**
 * `read`, at most once per `ms`: callers meanwhile share the reading (or the one in flight).
 * /healthz needs no session, so each hit must not cost a count per projection, twice.
 */
const sharedFor = <T>(ms: number, read: () => Promise<T>): (() => Promise<T>) => {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (last && performance.now() - last.at < ms) return last.value;
    const value = read();
    last = { at: performance.now(), value };
    value.catch(() => {
      last = null;
    });
    return value;
  };
};

/**
 * What the projections report: on /healthz, degraded while one is far behind, or retrying, parked or
 * set aside an event; on /metrics, each one's position, lag, parked events (held parked or set
 * aside) and failed attempts on the event it is held before, read at each scrape.
 */
export const observeProjections = (
  app: FastifyInstance,
  db: Db,
  projections: readonly Projection[],
): void => {
  const status = sharedFor(healthReadingMs, () => projectionStatus(db, projections, lagDegradedAbove + 1));
  app.health.add(
    projectionLagCheck(
      async () => Object.fromEntries((await status()).map((s) => [s.name, s.lag])),
      lagDegradedAbove,
    ),
  );
  app.health.add(
    parkedEventsCheck(async () =>
      (await status()).flatMap((s) => [
        ...(s.failing
          ? [
              {
                projection: s.name,
                eventType: s.failing.eventType,
                state: s.failing.parked ? ('parked' as const) : ('retrying' as const),
              },
            ]
          : []),
        ...(s.setAsideCount > 0
          ? [
              {
                projection: s.name,
                eventType: [...new Set(s.setAside.map((e) => e.eventType))].join(', '),
                state: 'set aside' as const,
                count: s.setAsideCount,
              },
            ]
          : []),
      ]),
    ),
  );
  const stop = addMetricsCollector(async () => {
    for (const s of await projectionStatus(db, projections)) {
      projectionPosition.set({ projection: s.name }, Number(s.position));
      projectionLagEvents.set({ projection: s.name }, s.lag);
      projectionParkedEvents.set({ projection: s.name }, (s.failing?.parked ? 1 : 0) + s.setAsideCount);
      projectionRetryAttempts.set({ projection: s.name }, s.failing?.attempts ?? 0);
    }
  });
  app.addHook('onClose', async () => stop());
};
