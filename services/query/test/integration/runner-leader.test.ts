import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { allProjections, startProjectionRunner, type ProjectionRunner } from '../../src/index';
import { eventually, flag, readModelRows, saveFlags, waitForProjections } from '../support/log';
import { silentLogger } from '../support/test-platform';

let t: TestDatabase;
let db: Db;
const running = new Set<ProjectionRunner>();

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => {
  for (const r of running) await r.stop();
  await t.drop();
});

const start = async (): Promise<ProjectionRunner> => {
  const r = await startProjectionRunner({
    db,
    databaseUrl: t.url,
    projections: allProjections,
    logger: silentLogger(),
    pollMs: 20,
  });
  running.add(r);
  return r;
};
const stop = async (r: ProjectionRunner) => {
  running.delete(r);
  await r.stop();
};
const flagNames = async () => (await readModelRows(db)).featureFlags.map((r) => r.name);

describe('projection runner leadership (advisory lock)', () => {
  it('of two runners on one database exactly one leads; when it stops the other takes over', async () => {
    const a = await start();
    const b = await start();
    await Promise.all([a.idle(), b.idle()]);
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    const leader = a.isLeader() ? a : b;
    const standby = leader === a ? b : a;

    await saveFlags(db, { one: flag({ enabled: true }) });
    await waitForProjections(db, leader, allProjections);
    expect(await flagNames()).toEqual(['one']);
    await standby.idle();
    expect(standby.isLeader()).toBe(false);

    await stop(leader);
    expect(leader.isLeader()).toBe(false);
    await eventually(
      () => standby.isLeader(),
      () => standby.idle(),
    );

    await saveFlags(db, { one: flag({ enabled: true }), two: flag() });
    await waitForProjections(db, standby, allProjections);
    expect(await flagNames()).toEqual(['one', 'two']);
  });

  it('a runner started while another leads stands by', async () => {
    const leader = [...running].find((r) => r.isLeader());
    expect(leader).toBeDefined();
    const late = await start();
    await late.idle();
    expect(late.isLeader()).toBe(false);
    expect([...running].filter((r) => r.isLeader())).toHaveLength(1);
  });
});
