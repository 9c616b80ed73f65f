import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  projectionMessages,
  routes,
  setAsideListed,
  type ProjectionStatusView,
  type RecordedEvent,
} from '@app/contracts';
import { appendToStream, type EventMetadata, type HealthReport } from '@app/platform';
import { actOnParkedEvent, allProjections, rebuild, type Projection } from '../../src/index';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';
const retry = { firstDelayMs: 20, maxDelayMs: 50 };

const metadata = (email: string): EventMetadata => ({
  actor: { email, kind: 'admin' },
  commandId: crypto.randomUUID(),
  correlationId: 'test',
  causationId: 'test',
  requestId: 'test',
  schemaVersion: 1,
});

/** A lost connection, as node-postgres reports it: a transient failure. */
const connectionLost = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/**
 * Projections that cannot fold the flag named after them until `healed`, counting their attempts:
 * 'flaky' fails as a lost connection would (transient), 'brittle' as a bug would (lasting).
 */
const failing = (name: string, error: () => Error) => {
  const state = { healed: false, attempts: 0 };
  const projection: Projection = {
    name,
    readModel: null,
    handles: ['FeatureFlagCreated'],
    apply: (e: RecordedEvent) => {
      const data = e.data as { name?: unknown };
      if (data.name !== name || state.healed) return Promise.resolve([]);
      state.attempts += 1;
      return Promise.reject(error());
    },
    reset: () => Promise.resolve(),
  };
  return { state, projection };
};
const flaky = failing('flaky', connectionLost);
const brittle = failing('brittle', () => new TypeError(`brittle cannot fold this yet`));
const stale = failing('stale', () => new TypeError(`stale cannot fold this yet`));
const projections = [...allProjections, flaky.projection, brittle.projection, stale.projection];

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann], projections, retry });
});
afterAll(async () => {
  await p.close();
});

const statuses = async (): Promise<Record<string, ProjectionStatusView>> => {
  const res = await p.call(ann, 'GET', routes.projections);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ data: ProjectionStatusView[] }>();
  return Object.fromEntries(body.data.map((s) => [s.name, s]));
};

const flag = { enabled: true, userExceptions: [], amplifyGroupExceptions: [] };

describe('an event a projection cannot fold', () => {
  it('is set aside at once for that projection alone when it cannot fold whatever the retries: the projection, and a later save, go on', async () => {
    // A FeatureFlagCreated without a name (a bug elsewhere, or a hand-made event): the feature-flags
    // projection throws on it (its row needs a name), and would the same way every time.
    const poison = await appendToStream(
      p.database.db,
      'featureFlags-poison',
      [{ type: 'FeatureFlagCreated', data: { name: null } }],
      { expectedVersion: 'no-stream', metadata: metadata(ann) },
    );
    const saved = await p.save(ann, [
      { type: 'emailSupport', data: { isActive: true, email: 'help@example.com' } },
    ]);
    expect(saved.status).toBe(200);

    await expect
      .poll(async () => (await statuses())['featureFlags']?.setAside)
      .toMatchObject([
        { position: poison.position, eventType: 'FeatureFlagCreated', attempts: 1, parked: true },
      ]);
    const now = await statuses();
    expect(now['featureFlags']?.setAside[0]?.error).toMatch(/null value|violates not-null/);
    expect(now['featureFlags']?.failing).toBeNull();
    await expect.poll(async () => (await statuses())['emailSupport']?.lag).toBe(0);
    expect((await p.configs(ann, saved.body.position)).data.emailSupport).toEqual({
      isActive: true,
      email: 'help@example.com',
    });
    const others = Object.values(await statuses()).filter((s) => s.name !== 'featureFlags');
    expect(others.filter((s) => s.failing !== null || s.setAside.length > 0)).toEqual([]);

    // A flag saved after the poison is folded: the projection went on past it.
    const later = await p.save(ann, [{ type: 'featureFlags', data: { later: flag } }]);
    expect(Object.keys((await p.configs(ann, later.body.position)).data.featureFlags)).toEqual(['later']);
    expect((await statuses())['featureFlags']).toMatchObject({ lag: 0, failing: null });

    // A replay folds the log again: the poison is set aside again, the flag after it folds.
    const featureFlags = allProjections.find((x) => x.name === 'featureFlags');
    if (!featureFlags) throw new Error('no featureFlags projection');
    await rebuild(p.database.db, featureFlags, 2);
    expect((await statuses())['featureFlags']?.setAside.map((e) => e.position)).toEqual([poison.position]);
    expect(
      (await p.database.db.selectFrom('rm_feature_flags').select('name').execute()).map((r) => r.name),
    ).toEqual(['later']);

    // The operator skips it: recorded in the log with the actor, and it is no longer listed.
    const skipped = await actOnParkedEvent(
      p.database.db,
      allProjections,
      'skip',
      'featureFlags',
      metadata(ann),
    );
    expect(skipped).toMatchObject({ projection: 'featureFlags', position: poison.position });
    expect((await statuses())['featureFlags']?.setAside).toEqual([]);
    const recorded = (await p.events()).filter((e) => e.streamId === 'projection-featureFlags');
    expect(recorded.map((e) => [e.type, e.metadata.actor.email])).toEqual([['ParkedEventSkipped', ann]]);

    // A bug that throws on many events: the oldest are listed, all are counted, /healthz names them once.
    await appendToStream(
      p.database.db,
      'featureFlags-many',
      Array.from({ length: setAsideListed + 1 }, () => ({
        type: 'FeatureFlagCreated',
        data: { name: null },
      })),
      { expectedVersion: 'no-stream', metadata: metadata(ann) },
    );
    await expect.poll(async () => (await statuses())['featureFlags']?.setAsideCount).toBe(setAsideListed + 1);
    expect((await statuses())['featureFlags']?.setAside).toHaveLength(setAsideListed);
    await expect
      .poll(
        async () => (await p.call(ann, 'GET', routes.health)).json<HealthReport>().checks['parked events'],
      )
      .toEqual({
        status: 'degraded',
        detail: `featureFlags: FeatureFlagCreated set aside (${setAsideListed + 1} events)`,
      });
  });

  it('a transient failure is retried with backoff for as long as it lasts, never parked, holding that projection; once the cause is gone it folds', async () => {
    await p.save(ann, [{ type: 'featureFlags', data: { later: flag, flaky: flag } }]);
    // More attempts than a follower that parks would make (5): still held, retrying, not parked.
    await expect
      .poll(async () => (await statuses())['flaky']?.failing?.attempts ?? 0, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(6);
    expect((await statuses())['flaky']).toMatchObject({ failing: { parked: false }, setAside: [] });
    // /healthz reads the projections once a second at most: polled until its reading is this one.
    await expect
      .poll(async () => {
        const check = (await p.call(ann, 'GET', routes.health)).json<HealthReport>().checks['parked events'];
        return (
          check?.status === 'degraded' && (check.detail ?? '').includes('flaky: FeatureFlagCreated retrying')
        );
      })
      .toBe(true);
    const metrics = (await p.call(ann, 'GET', routes.metrics)).body;
    const attempts = Number(/^projection_retry_attempts\{projection="flaky"\} (\d+)$/m.exec(metrics)?.[1]);
    expect(attempts).toBeGreaterThanOrEqual(6);

    await expect(
      actOnParkedEvent(p.database.db, allProjections, 'retry', 'nothing-like-it', metadata(ann)),
    ).rejects.toThrow("There is no projection named 'nothing-like-it'.");
    await expect(
      actOnParkedEvent(p.database.db, allProjections, 'retry', 'admins', metadata(ann)),
    ).rejects.toThrow("Projection 'admins' has no failing event to retry.");
    // `retry` on a held event gives it fresh attempts at once; the cause gone, it folds by itself.
    await actOnParkedEvent(p.database.db, projections, 'retry', 'flaky', metadata(ann));
    flaky.state.healed = true;
    await expect.poll(async () => (await statuses())['flaky']).toMatchObject({ failing: null, lag: 0 });
    await expect
      .poll(async () =>
        /^projection_retry_attempts\{projection="flaky"\} 0$/m.test(
          (await p.call(ann, 'GET', routes.metrics)).body,
        ),
      )
      .toBe(true);
  });

  it('an event set aside, retried, is folded now if it can be, and stays set aside with its new error if not', async () => {
    const saved = await p.save(ann, [{ type: 'featureFlags', data: { later: flag, brittle: flag } }]);
    await expect.poll(async () => (await statuses())['brittle']?.setAside.length).toBe(1);
    const parked = (await statuses())['brittle']?.setAside[0];
    expect(parked?.error).toBe('TypeError: brittle cannot fold this yet');
    await expect.poll(async () => (await statuses())['brittle']?.lag).toBe(0);
    expect(BigInt(parked?.position ?? '0')).toBeLessThanOrEqual(BigInt(saved.body.position));

    await expect(
      actOnParkedEvent(p.database.db, projections, 'retry', 'brittle', metadata(ann), '1'),
    ).rejects.toThrow("Projection 'brittle' has no failing event at position 1.");
    const still = await actOnParkedEvent(p.database.db, projections, 'retry', 'brittle', metadata(ann));
    expect(still).toMatchObject({ position: parked?.position, applied: false });
    expect((await statuses())['brittle']?.setAside).toMatchObject([
      { position: parked?.position, attempts: 2 },
    ]);

    brittle.state.healed = true;
    const done = await actOnParkedEvent(
      p.database.db,
      projections,
      'retry',
      'brittle',
      metadata(ann),
      parked?.position,
    );
    expect(done).toMatchObject({ position: parked?.position, applied: true });
    expect((await statuses())['brittle']).toMatchObject({ failing: null, setAside: [] });
    const recorded = (await p.events()).filter((e) => e.streamId === 'projection-brittle');
    expect(recorded.map((e) => [e.type, (e.data as { applied?: boolean }).applied])).toEqual([
      ['ParkedEventRetried', false],
      ['ParkedEventRetried', true],
    ]);
  });

  it('a retry of an event set aside is refused once the projection folded a later event of its stream', async () => {
    const first = await appendToStream(
      p.database.db,
      'featureFlags-stale',
      [{ type: 'FeatureFlagCreated', data: { name: 'stale' } }],
      { expectedVersion: 'no-stream', metadata: metadata(ann) },
    );
    // Another stream whose two events are both set aside: neither was folded over the other.
    const both = await appendToStream(
      p.database.db,
      'featureFlags-stale-both',
      [
        { type: 'FeatureFlagCreated', data: { name: 'stale' } },
        { type: 'FeatureFlagCreated', data: { name: 'stale' } },
      ],
      { expectedVersion: 'no-stream', metadata: metadata(ann) },
    );
    await expect.poll(async () => (await statuses())['stale']?.setAside.length).toBe(3);
    await appendToStream(
      p.database.db,
      'featureFlags-stale',
      [{ type: 'FeatureFlagCreated', data: { name: 'stale-later' } }],
      { expectedVersion: 1, metadata: metadata(ann) },
    );
    await expect.poll(async () => (await statuses())['stale']?.lag).toBe(0);
    stale.state.healed = true;
    await expect(
      actOnParkedEvent(p.database.db, projections, 'retry', 'stale', metadata(ann)),
    ).rejects.toThrow(projectionMessages.retryWouldReorder('stale', first.position, 'featureFlags-stale'));
    expect((await p.events()).filter((e) => e.streamId === 'projection-stale')).toEqual([]);

    const [older, newer] = (await statuses())['stale']?.setAside.slice(1) ?? [];
    expect(newer?.position).toBe(both.position);
    const done = await actOnParkedEvent(
      p.database.db,
      projections,
      'retry',
      'stale',
      metadata(ann),
      older?.position,
    );
    expect(done).toMatchObject({ applied: true });
    expect((await statuses())['stale']?.setAside.map((e) => e.position)).toEqual([
      first.position,
      both.position,
    ]);
  });

  it('is for admins only', async () => {
    expect((await p.call('someone@example.com', 'GET', routes.projections)).statusCode).toBe(403);
    expect((await p.call(null, 'GET', routes.projections)).statusCode).toBe(401);
  });
});
