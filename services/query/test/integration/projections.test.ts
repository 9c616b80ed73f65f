import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminsEvent, FeatureFlagsEvent, RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { adminsProjection } from '../../src/projections/admins';
import { featureFlagsProjection } from '../../src/projections/feature-flags';
import { sectionsProjection } from '../../src/projections/sections';
import { handlesEvent } from '../../src/projections/projection';
import type { Projection } from '../../src/projections/projection';

/** Events in, rows out: each projection's `apply` fed recorded events in one transaction. */
let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t.drop();
});
beforeEach(async () => {
  await db.transaction().execute(async (trx) => {
    for (const p of [adminsProjection, featureFlagsProjection, sectionsProjection]) await p.reset(trx);
  });
});

let position = 0;
const versions = new Map<string, number>();
const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

const recorded = (
  streamId: string,
  event: AdminsEvent | FeatureFlagsEvent | { type: string; data: unknown },
  actor = 'ann@example.com',
  minute = 0,
): RecordedEvent => {
  position += 1;
  const version = (versions.get(streamId) ?? 0) + 1;
  versions.set(streamId, version);
  return {
    globalPosition: String(position),
    transactionId: String(1000 + position),
    streamId,
    streamVersion: version,
    type: event.type,
    data: event.data,
    metadata: {
      actor: { email: actor, kind: 'admin' },
      commandId: `c${position}`,
      correlationId: 'corr',
      causationId: 'cause',
      requestId: 'req',
      schemaVersion: 1,
    },
    recordedAt: at(minute),
  };
};

/** Applies the events the projection handles, as the runner does; answers the ids each reported. */
const feed = (p: Projection, events: readonly RecordedEvent[]): Promise<string[][]> =>
  db.transaction().execute(async (trx) => {
    const ids: string[][] = [];
    for (const e of events) {
      if (!handlesEvent(p, e.type)) continue;
      const applied = await p.apply(e, trx);
      ids.push(Array.isArray(applied) ? applied : applied.ids);
    }
    return ids;
  });

const ff = 'config-featureFlags';
const flagRows = async () =>
  (await db.selectFrom('rm_feature_flags').selectAll().orderBy('name').execute()).map((r) => ({
    ...r,
    changed_at: r.changed_at.toISOString(),
  }));

describe('featureFlags projection', () => {
  it('a created, enabled flag with exceptions becomes one row, stamped with the last change', async () => {
    const ids = await feed(featureFlagsProjection, [
      recorded(ff, { type: 'FeatureFlagCreated', data: { name: 'darkMode' } }, 'ann@example.com', 1),
      recorded(ff, { type: 'FeatureFlagEnabled', data: { name: 'darkMode' } }, 'ann@example.com', 1),
      recorded(
        ff,
        { type: 'FeatureFlagUserExceptionAdded', data: { name: 'darkMode', email: 'carl@example.com' } },
        'ann@example.com',
        1,
      ),
      recorded(
        ff,
        { type: 'FeatureFlagGroupExceptionAdded', data: { name: 'darkMode', group: 'Staff' } },
        'bob@example.com',
        2,
      ),
    ]);
    expect(ids).toEqual([['darkMode'], ['darkMode'], ['darkMode'], ['darkMode']]);
    expect(await flagRows()).toEqual([
      {
        name: 'darkMode',
        enabled: true,
        user_exceptions: ['carl@example.com'],
        amplify_group_exceptions: ['Staff'],
        changed_by: 'bob@example.com',
        changed_at: at(2),
      },
    ]);
  });

  it('disabling and removing exceptions', async () => {
    await feed(featureFlagsProjection, [
      recorded(ff, { type: 'FeatureFlagCreated', data: { name: 'beta' } }),
      recorded(ff, { type: 'FeatureFlagEnabled', data: { name: 'beta' } }),
      recorded(ff, { type: 'FeatureFlagUserExceptionAdded', data: { name: 'beta', email: 'a@example.com' } }),
      recorded(ff, { type: 'FeatureFlagUserExceptionAdded', data: { name: 'beta', email: 'b@example.com' } }),
      recorded(ff, { type: 'FeatureFlagGroupExceptionAdded', data: { name: 'beta', group: 'Staff' } }),
      recorded(ff, { type: 'FeatureFlagDisabled', data: { name: 'beta' } }),
      recorded(ff, {
        type: 'FeatureFlagUserExceptionRemoved',
        data: { name: 'beta', email: 'a@example.com' },
      }),
      recorded(ff, { type: 'FeatureFlagGroupExceptionRemoved', data: { name: 'beta', group: 'Staff' } }),
    ]);
    expect(await flagRows()).toMatchObject([
      { name: 'beta', enabled: false, user_exceptions: ['b@example.com'], amplify_group_exceptions: [] },
    ]);
  });

  it('a removed flag has no row; created again it starts from the defaults', async () => {
    await feed(featureFlagsProjection, [
      recorded(ff, { type: 'FeatureFlagCreated', data: { name: 'gamma' } }),
      recorded(ff, { type: 'FeatureFlagEnabled', data: { name: 'gamma' } }),
      recorded(ff, {
        type: 'FeatureFlagUserExceptionAdded',
        data: { name: 'gamma', email: 'a@example.com' },
      }),
      recorded(ff, { type: 'FeatureFlagCreated', data: { name: 'other' } }),
      recorded(ff, { type: 'FeatureFlagRemoved', data: { name: 'gamma' } }),
    ]);
    expect((await flagRows()).map((r) => r.name)).toEqual(['other']);
    const ids = await feed(featureFlagsProjection, [
      recorded(ff, { type: 'FeatureFlagCreated', data: { name: 'gamma' } }),
    ]);
    expect(ids).toEqual([['gamma']]);
    expect(await flagRows()).toMatchObject([
      { name: 'gamma', enabled: false, user_exceptions: [], amplify_group_exceptions: [] },
      { name: 'other' },
    ]);
  });

  it('an exception event applied twice is listed once', async () => {
    const added = recorded(ff, {
      type: 'FeatureFlagUserExceptionAdded',
      data: { name: 'delta', email: 'a@example.com' },
    });
    await feed(featureFlagsProjection, [
      recorded(ff, { type: 'FeatureFlagCreated', data: { name: 'delta' } }),
      added,
      added,
    ]);
    expect(await flagRows()).toMatchObject([{ name: 'delta', user_exceptions: ['a@example.com'] }]);
  });

  it('reset empties the read model', async () => {
    await feed(featureFlagsProjection, [recorded(ff, { type: 'FeatureFlagCreated', data: { name: 'x' } })]);
    await db.transaction().execute((trx) => featureFlagsProjection.reset(trx));
    expect(await flagRows()).toEqual([]);
  });
});

describe('admins projection', () => {
  const admins = async () =>
    (await db.selectFrom('rm_admins').selectAll().orderBy('email').execute()).map((r) => ({
      ...r,
      added_at: r.added_at.toISOString(),
    }));

  it('AdminAdded adds a row with who added it and when; AdminRemoved deletes it', async () => {
    const ids = await feed(adminsProjection, [
      recorded('config-admins', { type: 'AdminAdded', data: { email: 'ann@example.com' } }, 'system', 1),
      recorded(
        'config-admins',
        { type: 'AdminAdded', data: { email: 'bob@example.com' } },
        'ann@example.com',
        2,
      ),
      recorded(
        'config-admins',
        { type: 'AdminAdded', data: { email: 'carl@example.com' } },
        'ann@example.com',
        3,
      ),
      recorded(
        'config-admins',
        { type: 'AdminRemoved', data: { email: 'carl@example.com' } },
        'bob@example.com',
        4,
      ),
    ]);
    expect(ids).toEqual([
      ['ann@example.com'],
      ['bob@example.com'],
      ['carl@example.com'],
      ['carl@example.com'],
    ]);
    expect(await admins()).toEqual([
      { email: 'ann@example.com', added_by: 'system', added_at: at(1) },
      { email: 'bob@example.com', added_by: 'ann@example.com', added_at: at(2) },
    ]);
  });

  it('an admin added twice keeps the first row', async () => {
    await feed(adminsProjection, [
      recorded('config-admins', { type: 'AdminAdded', data: { email: 'ann@example.com' } }, 'system', 1),
      recorded(
        'config-admins',
        { type: 'AdminAdded', data: { email: 'ann@example.com' } },
        'bob@example.com',
        5,
      ),
    ]);
    expect(await admins()).toEqual([{ email: 'ann@example.com', added_by: 'system', added_at: at(1) }]);
  });
});

describe('sections projection', () => {
  const sections = async () =>
    (await db.selectFrom('rm_sections').selectAll().orderBy('section').execute()).map((r) => ({
      ...r,
      changed_at: r.changed_at.toISOString(),
    }));

  it('keeps, per config section, the stream version, who changed it last, when, and the position', async () => {
    versions.delete('config-admins');
    versions.delete(ff);
    const events = [
      recorded('config-admins', { type: 'AdminAdded', data: { email: 'ann@example.com' } }, 'system', 1),
      recorded(ff, { type: 'FeatureFlagCreated', data: { name: 'x' } }, 'ann@example.com', 2),
      recorded(ff, { type: 'FeatureFlagEnabled', data: { name: 'x' } }, 'bob@example.com', 3),
    ];
    const ids = await feed(sectionsProjection, events);
    expect(ids).toEqual([[], [], []]);
    expect(await sections()).toEqual([
      {
        section: 'admins',
        version: 1,
        changed_by: 'system',
        changed_at: at(1),
        position: events[0]!.globalPosition,
      },
      {
        section: 'featureFlags',
        version: 2,
        changed_by: 'bob@example.com',
        changed_at: at(3),
        position: events[2]!.globalPosition,
      },
    ]);
  });

  it('moves the version with an event appended by hand without an actor, naming nobody', async () => {
    versions.delete(ff);
    const event = recorded(ff, { type: 'FeatureFlagCreated', data: { name: 'x' } }, 'ann@example.com', 4);
    const handWritten = { ...event, metadata: { schemaVersion: 1 } as unknown as typeof event.metadata };
    await feed(sectionsProjection, [handWritten]);
    expect((await sections()).map((r) => [r.section, r.version, r.changed_by])).toEqual([
      ['featureFlags', 1, 'unknown'],
    ]);
  });

  it('ignores streams that are not configuration sections', async () => {
    await feed(sectionsProjection, [
      recorded('featureFlag-x', { type: 'FeatureFlagCreated', data: { name: 'x' } }),
    ]);
    expect(await sections()).toEqual([]);
  });
});

describe('what each projection handles', () => {
  it('ignores events of other types (the runner never gives them; apply is not called)', async () => {
    await feed(featureFlagsProjection, [
      recorded('config-admins', { type: 'AdminAdded', data: { email: 'a@example.com' } }),
    ]);
    await feed(adminsProjection, [recorded(ff, { type: 'FeatureFlagCreated', data: { name: 'x' } })]);
    expect(await flagRows()).toEqual([]);
    expect(await db.selectFrom('rm_admins').selectAll().execute()).toEqual([]);
  });
});
