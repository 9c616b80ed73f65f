import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type ProjectionStatusView, type RecordedEvent } from '@app/contracts';
import { appendToStream, type EventMetadata } from '@app/platform';
import { actOnParkedEvent, allProjections, type Projection } from '../../src/index';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';
const retry = { maxAttempts: 3, firstDelayMs: 20, maxDelayMs: 50 };

const metadata = (email: string): EventMetadata => ({
  actor: { email, kind: 'admin' },
  commandId: crypto.randomUUID(),
  correlationId: 'test',
  causationId: 'test',
  requestId: 'test',
  schemaVersion: 1,
});

/** A projection that cannot fold the flag named 'flaky' until `healed`, counting its attempts. */
const flaky = { healed: false, attempts: 0 };
const flakyProjection: Projection = {
  name: 'flaky',
  readModel: null,
  handles: ['FeatureFlagCreated'],
  apply: (e: RecordedEvent) => {
    const data = e.data as { name?: unknown };
    if (data.name !== 'flaky' || flaky.healed) return Promise.resolve([]);
    flaky.attempts += 1;
    return Promise.reject(new Error('flaky cannot fold this yet'));
  },
  reset: () => Promise.resolve(),
};

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann], projections: [...allProjections, flakyProjection], retry });
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
  it('is retried, then parked for that projection alone: every other projection, and a later save, project', async () => {
    // A FeatureFlagCreated without a name (a bug elsewhere, or a hand-made event): the feature-flags
    // projection throws on it (its row needs a name).
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
      .poll(async () => (await statuses())['featureFlags']?.failing, { timeout: 15_000 })
      .toMatchObject({
        position: poison.position,
        eventType: 'FeatureFlagCreated',
        attempts: 3,
        parked: true,
      });
    const now = await statuses();
    expect(now['featureFlags']?.failing?.error).toMatch(/null value|violates not-null/);
    expect(now['featureFlags']?.lag).toBeGreaterThan(0);
    await expect.poll(async () => (await statuses())['emailSupport']?.lag).toBe(0);
    expect((await p.configs(ann, saved.body.position)).data.emailSupport).toEqual({
      isActive: true,
      email: 'help@example.com',
    });
    const others = Object.values(await statuses()).filter((s) => s.name !== 'featureFlags');
    expect(others.filter((s) => s.failing !== null)).toEqual([]);

    // A flag saved after the poison waits behind it, in its projection only.
    await p.save(ann, [{ type: 'featureFlags', data: { later: flag } }]);
    await expect.poll(async () => (await statuses())['admins']?.lag).toBe(0);
    expect((await p.database.db.selectFrom('rm_feature_flags').select('name').execute()).length).toBe(0);

    // The operator skips it: recorded in the log with the actor, and the projection moves on.
    const skipped = await actOnParkedEvent(
      p.database.db,
      allProjections,
      'skip',
      'featureFlags',
      metadata(ann),
    );
    expect(skipped).toMatchObject({ projection: 'featureFlags', position: poison.position });
    await expect
      .poll(async () =>
        (await p.database.db.selectFrom('rm_feature_flags').select('name').execute()).map((r) => r.name),
      )
      .toEqual(['later']);
    expect((await statuses())['featureFlags']?.failing).toBeNull();
    const recorded = (await p.events()).filter((e) => e.streamId === 'projection-featureFlags');
    expect(recorded.map((e) => [e.type, e.metadata.actor.email])).toEqual([['ParkedEventSkipped', ann]]);
  });

  it('a parked event retried after the cause is fixed folds, and nothing is skipped', async () => {
    await p.save(ann, [{ type: 'featureFlags', data: { later: flag, flaky: flag } }]);
    await expect
      .poll(async () => (await statuses())['flaky']?.failing, { timeout: 15_000 })
      .toMatchObject({ attempts: 3, parked: true });
    const attempts = flaky.attempts;
    flaky.healed = true;
    await expect(
      actOnParkedEvent(p.database.db, allProjections, 'retry', 'nothing-like-it', metadata(ann)),
    ).rejects.toThrow("There is no projection named 'nothing-like-it'.");
    await expect(
      actOnParkedEvent(p.database.db, allProjections, 'retry', 'admins', metadata(ann)),
    ).rejects.toThrow("Projection 'admins' has no failing event to retry.");
    await actOnParkedEvent(
      p.database.db,
      [...allProjections, flakyProjection],
      'retry',
      'flaky',
      metadata(ann),
    );
    await expect.poll(async () => (await statuses())['flaky']).toMatchObject({ failing: null, lag: 0 });
    expect(flaky.attempts).toBe(attempts);
  });

  it('is for admins only', async () => {
    expect((await p.call('someone@example.com', 'GET', routes.projections)).statusCode).toBe(403);
    expect((await p.call(null, 'GET', routes.projections)).statusCode).toBe(401);
  });
});
