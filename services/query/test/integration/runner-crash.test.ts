import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import {
  allProjections,
  rebuild,
  runBatch,
  startProjectionRunner,
  type Projection,
  type ProjectionRunner,
} from '../../src/index';
import { featureFlagsProjection } from '../../src/projections/feature-flags';
import { projectionLockKey } from '../../src/runner/channels';
import { eventually, flag, readModelRows, saveAdmins, saveFlags, waitForProjections } from '../support/log';
import { silentLogger } from '../support/test-platform';

/**
 * A projection dies between its rows and its checkpoint: the batch's transaction is rolled back, the
 * runner retries, and the read model ends as a rebuild from zero would make it.
 */
let t: TestDatabase;
let db: Db;
const runners: ProjectionRunner[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
  // Platform bug (services/platform/src/db/database.ts, openDatabase): a pool client whose connection
  // dies while checked out emits 'error' with no listener, an uncaught exception that ends the
  // process. Listen here so the test can show the runner itself recovers.
  t.pool.on('connect', (client) => client.on('error', () => undefined));
  // A projection that is not idempotent (one row per event applied) shows any double application.
  await sql`create table test_applied (global_position bigint not null, event_type text not null)`.execute(
    db,
  );
});
afterEach(async () => {
  while (runners.length) await runners.pop()?.stop();
});
afterAll(async () => {
  await t.drop();
});

const start = async (projections: readonly Projection[], batchSize = 100): Promise<ProjectionRunner> => {
  const r = await startProjectionRunner({
    db,
    databaseUrl: t.url,
    projections,
    logger: silentLogger(),
    pollMs: 20,
    batchSize,
  });
  runners.push(r);
  return r;
};

const appliedLog: Projection = {
  name: 'appliedLog',
  readModel: null,
  handles: featureFlagsProjection.handles,
  apply: async (e: RecordedEvent, trx: Db) => {
    await sql`insert into test_applied (global_position, event_type) values (${e.globalPosition}::bigint, ${e.type})`.execute(
      trx,
    );
    return [];
  },
  reset: async (trx) => {
    await sql`delete from test_applied`.execute(trx);
  },
};

/** Wraps a projection so that, once, its `apply` fails after `after` events of a batch were applied. */
const dyingOnce = (p: Projection, after: number, die: (trx: Db) => Promise<void>) => {
  let applied = 0;
  const state = { died: false };
  const wrapped: Projection = {
    ...p,
    apply: async (e, trx) => {
      const ids = await p.apply(e, trx);
      applied += 1;
      if (!state.died && applied > after) {
        state.died = true;
        await die(trx);
      }
      return ids;
    },
  };
  return { wrapped, state };
};

const appliedCounts = async () =>
  (
    await sql<{ global_position: string; n: string }>`
      select global_position, count(*)::text as n from test_applied group by global_position order by global_position`.execute(
      db,
    )
  ).rows;

const flagEventPositions = async () =>
  (
    await db
      .selectFrom('events')
      .select('global_position')
      .where('event_type', 'in', [...featureFlagsProjection.handles])
      .orderBy('global_position')
      .execute()
  ).map((r) => r.global_position);

const matchesRebuild = async () => {
  const incremental = await readModelRows(db);
  const applied = await appliedCounts();
  for (const p of [...allProjections, appliedLog]) await rebuild(db, p);
  expect(await readModelRows(db)).toEqual(incremental);
  expect(await appliedCounts()).toEqual(applied);
};

describe('a projection killed mid-batch', () => {
  it('throwing after part of a batch: nothing of that batch stays, the retry applies each event once', async () => {
    await saveAdmins(db, ['ann@example.com']);
    await saveFlags(db, {
      darkMode: flag({
        enabled: true,
        userExceptions: ['carl@example.com'],
        amplifyGroupExceptions: ['Staff'],
      }),
      beta: flag({ userExceptions: ['dan@example.com'] }),
    });
    // Killed as a server shutdown would (SQLSTATE 57P01): a transient failure, retried (an error the
    // fold would throw every time is set aside instead: poison-event.test.ts).
    const killed = () =>
      Promise.reject(Object.assign(new Error('killed between rows and checkpoint'), { code: '57P01' }));
    const flags = dyingOnce(featureFlagsProjection, 3, killed);
    const log = dyingOnce(appliedLog, 2, killed);
    const runner = await start([
      ...allProjections.map((p) => (p === featureFlagsProjection ? flags.wrapped : p)),
      log.wrapped,
    ]);
    await waitForProjections(db, runner, [...allProjections, appliedLog]);

    expect(flags.state.died).toBe(true);
    expect(log.state.died).toBe(true);
    const positions = await flagEventPositions();
    expect(await appliedCounts()).toEqual(positions.map((global_position) => ({ global_position, n: '1' })));
    expect((await readModelRows(db)).featureFlags.map((r) => [r.name, r.enabled, r.user_exceptions])).toEqual(
      [
        ['beta', false, ['dan@example.com']],
        ['darkMode', true, ['carl@example.com']],
      ],
    );
    await matchesRebuild();
  });

  it('its database connection terminated mid-batch (pg_terminate_backend): the runner reconnects and recovers', async () => {
    await saveFlags(db, {
      darkMode: flag({ enabled: false, amplifyGroupExceptions: ['Staff', 'Ops'] }),
      gamma: flag({ enabled: true }),
    });
    const kill = async (trx: Db) => {
      await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
    };
    const flags = dyingOnce(featureFlagsProjection, 1, kill);
    const log = dyingOnce(appliedLog, 1, kill);
    const runner = await start(
      [...allProjections.map((p) => (p === featureFlagsProjection ? flags.wrapped : p)), log.wrapped],
      2,
    );
    await waitForProjections(db, runner, [...allProjections, appliedLog]);

    expect(flags.state.died).toBe(true);
    expect(log.state.died).toBe(true);
    const positions = await flagEventPositions();
    expect(await appliedCounts()).toEqual(positions.map((global_position) => ({ global_position, n: '1' })));
    expect(
      (await readModelRows(db)).featureFlags.map((r) => [r.name, r.enabled, r.amplify_group_exceptions]),
    ).toEqual([
      ['darkMode', false, ['Staff', 'Ops']],
      ['gamma', true, []],
    ]);
    await matchesRebuild();
  });

  it("the runner's lock connection terminated: it takes the lead again and keeps projecting", async () => {
    const runner = await start(allProjections);
    await waitForProjections(db, runner, allProjections);
    expect(runner.isLeader()).toBe(true);

    const killed = await sql<{ ok: boolean }>`
      select pg_terminate_backend(pid) as ok from pg_locks
      where locktype = 'advisory' and objsubid = 1 and objid = ${projectionLockKey} and database = (select oid from pg_database where datname = current_database())`.execute(
      db,
    );
    expect(killed.rows).toEqual([{ ok: true }]);

    await saveFlags(db, { afterKill: flag({ enabled: true }) });
    await waitForProjections(db, runner, allProjections);
    expect((await readModelRows(db)).featureFlags.map((r) => r.name)).toEqual(['afterKill']);
    // The lost connection's 'end' may come after a batch already ran (batches hold the lock in their
    // own transaction): the runner notices then, and its next step takes the lead again.
    await expect.poll(() => runner.isLeader(), { timeout: 10_000 }).toBe(true);
  });

  it('two batches of the same projection at once (a leader handing over, a rebuild) apply each event once', async () => {
    await saveFlags(db, {
      darkMode: flag({ enabled: true }),
      batch1: flag({ userExceptions: ['a@example.com', 'b@example.com'] }),
      batch2: flag({ amplifyGroupExceptions: ['Staff'] }),
    });
    await Promise.all([
      runBatch(db, [appliedLog], { batchSize: 1000 }),
      runBatch(db, [appliedLog], { batchSize: 1000 }),
      rebuild(db, appliedLog),
      runBatch(db, [appliedLog], { batchSize: 1000 }),
    ]);
    const positions = await flagEventPositions();
    // An open transaction elsewhere on a shared server can hold the last events back: let them through.
    await eventually(
      async () => (await appliedCounts()).length >= positions.length,
      async () => void (await runBatch(db, [appliedLog], { batchSize: 1000 })),
    );
    expect(await appliedCounts()).toEqual(positions.map((global_position) => ({ global_position, n: '1' })));
  });
});
