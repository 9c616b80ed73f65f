import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsStreamId } from '@app/contracts';
import { appendToStream, checkpointOfPosition, isAtOrPast } from '@app/platform';
import { allProjections, projectionCheckpoint, rebuild } from '../../src/index';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { flag, metadataOf, readModelRows, saveFlags } from '../support/log';

const ann = 'ann@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

describe('projection runner: no event is skipped', () => {
  it('a transaction that began before a faster one and commits after it is still projected', async () => {
    const { db } = p.database;
    let inserted!: (position: string) => void;
    const slowInserted = new Promise<string>((resolve) => (inserted = resolve));
    let commit!: () => void;
    const commitGate = new Promise<void>((resolve) => (commit = resolve));

    // The slow writer: its event takes a position, then its transaction stays open.
    const slow = db.transaction().execute(async (trx) => {
      const r = await appendToStream(
        trx,
        adminsStreamId,
        [{ type: 'AdminAdded', data: { email: 'slow@example.com' } }],
        {
          expectedVersion: 'any',
          metadata: metadataOf(ann),
        },
      );
      inserted(r.position);
      await commitGate;
      return r.position;
    });
    const slowPosition = await slowInserted;

    // The fast writer commits a later position while the slow one is still open; the runner runs.
    const fast = await saveFlags(db, { fastFlag: flag({ enabled: true }) });
    expect(BigInt(fast.position)).toBeGreaterThan(BigInt(slowPosition));
    await p.runner.idle();

    // Held back, not skipped: no projection has moved past the fast event while the slow one is open.
    const fastCp = await checkpointOfPosition(db, fast.position);
    for (const proj of allProjections)
      expect(isAtOrPast(await projectionCheckpoint(db, proj), fastCp!)).toBe(false);

    commit();
    await slow;
    await p.settle();

    const rows = await readModelRows(db);
    expect(rows.admins.map((r) => r.email)).toContain('slow@example.com');
    expect(rows.featureFlags.map((r) => [r.name, r.enabled])).toEqual([['fastFlag', true]]);
    const configs = await p.configs(ann, fast.position);
    expect(configs.data.admins).toEqual([ann, 'slow@example.com']);
    expect(configs.data.featureFlags['fastFlag']?.enabled).toBe(true);
  });

  it('many concurrent writers: the read model is the same as a rebuild from zero', async () => {
    const { db } = p.database;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction().execute((trx) =>
          appendToStream(
            trx,
            `featureFlag-f${i}`,
            [
              { type: 'FeatureFlagCreated', data: { name: `f${i}` } },
              { type: 'FeatureFlagEnabled', data: { name: `f${i}` } },
            ],
            { expectedVersion: 'no-stream', metadata: metadataOf(ann) },
          ),
        ),
      ),
    );
    await p.settle();
    const incremental = await readModelRows(db);
    expect(incremental.featureFlags.filter((r) => /^f\d+$/.test(r.name) && r.enabled)).toHaveLength(12);
    for (const proj of allProjections) await rebuild(db, proj);
    expect(await readModelRows(db)).toEqual(incremental);
  });
});

describe('rebuild', () => {
  it('gives the same rows as the incremental projection, and the same checkpoint', async () => {
    const { db } = p.database;
    await saveFlags(db, {
      fastFlag: flag({ enabled: false, userExceptions: ['carl@example.com'] }),
      darkMode: flag({ enabled: true, amplifyGroupExceptions: ['Staff'] }),
    });
    await saveFlags(
      db,
      { darkMode: flag({ enabled: true, userExceptions: ['dan@example.com'] }) },
      'bob@example.com',
    );
    await p.settle();
    const incremental = await readModelRows(db);
    const checkpoints = await Promise.all(allProjections.map((proj) => projectionCheckpoint(db, proj)));
    expect(incremental.featureFlags.find((r) => r.name === 'darkMode')).toMatchObject({
      enabled: true,
      user_exceptions: ['dan@example.com'],
      amplify_group_exceptions: [],
      changed_by: 'bob@example.com',
    });
    expect(incremental.featureFlags.find((r) => r.name === 'fastFlag')).toBeUndefined();

    const total = (await p.allEvents()).length;
    for (const proj of allProjections) expect(await rebuild(db, proj, 3)).toBe(total);
    expect(await readModelRows(db)).toEqual(incremental);
    expect(await Promise.all(allProjections.map((proj) => projectionCheckpoint(db, proj)))).toEqual(
      checkpoints,
    );
  });
});
