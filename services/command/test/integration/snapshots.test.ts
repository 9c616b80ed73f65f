import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EventMetadata, FeatureFlag, FeatureFlagsEvent, FeatureFlagsSection } from '@app/contracts';
import { appendToStream, ConcurrencyError, inTransaction, readStream, type Db } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { fold } from '../../src/shared/decider';
import { featureFlagsDecider } from '../../src/configurations/feature-flags';
import { supportEmailDecider } from '../../src/configurations/support-email';
import { handleCommand } from '../../src/shared/handle-command';
import { loadState, snapshotEvery } from '../../src/shared/stream-state';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t.drop();
});

const metadata = (): EventMetadata => {
  const id = randomUUID();
  return {
    actor: { email: 'ann@example.com', kind: 'admin' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

const flag = (f: Partial<FeatureFlag> = {}): FeatureFlag => ({
  enabled: false,
  userExceptions: [],
  amplifyGroupExceptions: [],
  ...f,
});

/** The section with `beta` on or off beside `alpha` (with one exception) and `gamma`. */
const section = (betaOn: boolean): FeatureFlagsSection => ({
  alpha: flag({ userExceptions: ['a@example.com'] }),
  beta: flag({ enabled: betaOn }),
  gamma: flag(),
});

const save = (streamId: string, flags: FeatureFlagsSection, expectedVersion?: number) =>
  inTransaction(db, (trx) =>
    handleCommand(
      trx,
      featureFlagsDecider,
      streamId,
      { type: 'UpdateFeatureFlags', data: { flags } },
      { metadata: metadata(), ...(expectedVersion === undefined ? {} : { expectedVersion }) },
    ),
  );

/** `count` events of churn on `gamma` (created first), appended straight through the event store. */
const seedChurn = async (streamId: string, count: number) => {
  const events: FeatureFlagsEvent[] = [{ type: 'FeatureFlagCreated', data: { name: 'gamma' } }];
  while (events.length < count) {
    const name = 'gamma';
    events.push(
      events.length % 2 === 1
        ? { type: 'FeatureFlagEnabled', data: { name } }
        : { type: 'FeatureFlagDisabled', data: { name } },
    );
  }
  await appendToStream(db, streamId, events, { expectedVersion: 0, metadata: metadata() });
};

const snapshotRow = (streamId: string) =>
  db.selectFrom('snapshots').selectAll().where('stream_id', '=', streamId).executeTakeFirst();

/** The state every event of the stream folds to, one by one with `evolve`: what a snapshot must equal. */
const refold = async (streamId: string) =>
  (await readStream(db, streamId))
    .map((e) => e as unknown as FeatureFlagsEvent)
    .reduce(featureFlagsDecider.evolve, featureFlagsDecider.initialState());

const newStream = () => `config-featureFlags-${randomUUID()}`;

describe('snapshots: a command reads the snapshot and the events after it', () => {
  it('a long stream is snapshotted by the next command; the one after folds only the events since', async () => {
    const s = newStream();
    await seedChurn(s, 3 * snapshotEvery);
    const before = await loadState(db, featureFlagsDecider, s);
    expect(before).toMatchObject({ snapshotVersion: null, folded: 3 * snapshotEvery });

    const first = await save(s, section(true));
    const row = await snapshotRow(s);
    expect(row).toMatchObject({ version: first.version, shape: 'featureFlags/1' });

    await save(s, section(false));
    const after = await loadState(db, featureFlagsDecider, s);
    expect(after.snapshotVersion).toBe(first.version);
    expect(after.folded).toBe(1);
    expect(after.version).toBe(first.version + 1);
    // A reused snapshot and a refold give the same state, keys in the same order.
    const full = await refold(s);
    expect(after.state).toEqual(full);
    expect(JSON.stringify(after.state)).toBe(JSON.stringify(full));
  });

  it('a short stream writes no snapshot', async () => {
    const s = newStream();
    await save(s, section(true));
    await save(s, section(false));
    expect(await snapshotRow(s)).toBeUndefined();
  });

  it('a save that changes nothing on a long stream still leaves a snapshot for the next one', async () => {
    const s = newStream();
    await seedChurn(s, snapshotEvery + 1);
    const state = await refold(s);
    const outcome = await save(s, state);
    expect(outcome.eventCount).toBe(0);
    expect(await snapshotRow(s)).toMatchObject({ version: snapshotEvery + 1 });
    expect(await loadState(db, featureFlagsDecider, s)).toMatchObject({
      snapshotVersion: snapshotEvery + 1,
      folded: 0,
    });
  });

  it('the snapshot is written in the transaction of the append: rolled back with it', async () => {
    const s = newStream();
    await seedChurn(s, 2 * snapshotEvery);
    await expect(
      inTransaction(db, async (trx) => {
        await handleCommand(
          trx,
          featureFlagsDecider,
          s,
          { type: 'UpdateFeatureFlags', data: { flags: section(true) } },
          { metadata: metadata() },
        );
        throw new Error('the save fails after the append');
      }),
    ).rejects.toThrow('the save fails after the append');
    expect(await snapshotRow(s)).toBeUndefined();
    expect((await readStream(db, s)).length).toBe(2 * snapshotEvery);
  });

  it('a refused append (stale version) writes no snapshot', async () => {
    const s = newStream();
    await seedChurn(s, 2 * snapshotEvery);
    await expect(save(s, section(true), 5)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await snapshotRow(s)).toBeUndefined();
  });
});

describe('a stored event a fold cannot take', () => {
  it('a value card leaves it out of the fold but keeps no snapshot while it does', async () => {
    const s = `config-emailSupport-${randomUUID()}`;
    const events = Array.from({ length: 2 * snapshotEvery }, (_, i) => ({
      type: 'SupportEmailAddressChanged',
      data: i === 1 ? null : { email: `a${i}@example.com` },
    }));
    await appendToStream(db, s, events, { expectedVersion: 0, metadata: metadata() });
    const loaded = await loadState(db, supportEmailDecider, s);
    expect(loaded.leftOut).toBe(1);
    const outcome = await inTransaction(db, (trx) =>
      handleCommand(
        trx,
        supportEmailDecider,
        s,
        { type: 'UpdateSupportEmail', data: { isActive: true, email: 'b@example.com' } },
        { metadata: metadata() },
      ),
    );
    expect(outcome.eventCount).toBeGreaterThan(0);
    expect(await snapshotRow(s)).toBeUndefined();
  });

  it('a decider without a contract leaves nothing out: the command fails and appends nothing', async () => {
    const s = newStream();
    await seedChurn(s, 3);
    await appendToStream(db, s, [{ type: 'FeatureFlagEnabled', data: null }], {
      expectedVersion: 3,
      metadata: metadata(),
    });
    await expect(save(s, section(true))).rejects.toThrow(
      `the stored events of ${s} after version 0 cannot be folded`,
    );
    expect((await readStream(db, s)).length).toBe(4);
  });
});

describe('snapshots that cannot be used are ignored, the stream refolded, then the snapshot replaced', () => {
  const withSnapshot = async (change: (streamId: string) => Promise<unknown>) => {
    const s = newStream();
    await seedChurn(s, 2 * snapshotEvery);
    const { version } = await save(s, section(true));
    await change(s);
    return { s, version };
  };

  it('a snapshot of another shape (the state changed shape since)', async () => {
    const { s, version } = await withSnapshot((id) =>
      sql`update snapshots set shape = 'featureFlags/0', state = '{"bogus": 1}' where stream_id = ${id}`.execute(
        db,
      ),
    );
    const loaded = await loadState(db, featureFlagsDecider, s);
    expect(loaded).toMatchObject({ snapshotVersion: null, folded: version, version });
    expect(loaded.state).toEqual(await refold(s));
    const next = await save(s, section(false));
    expect(await snapshotRow(s)).toMatchObject({ shape: 'featureFlags/1', version: next.version });
    expect((await loadState(db, featureFlagsDecider, s)).state).toEqual(await refold(s));
  });

  it('a snapshot of the right shape whose state is not one', async () => {
    const { s } = await withSnapshot((id) =>
      sql`update snapshots set state = '[1, 2]' where stream_id = ${id}`.execute(db),
    );
    const loaded = await loadState(db, featureFlagsDecider, s);
    expect(loaded.snapshotVersion).toBeNull();
    expect(loaded.state).toEqual(await refold(s));
  });

  it('a snapshot ahead of the stream (it cannot come from this log)', async () => {
    const { s, version } = await withSnapshot((id) =>
      sql`update snapshots set version = version + 50 where stream_id = ${id}`.execute(db),
    );
    const loaded = await loadState(db, featureFlagsDecider, s);
    expect(loaded.snapshotVersion).toBeNull();
    expect(loaded.version).toBe(version);
    // The command is decided on the refolded state and appended at the stream's real version.
    const next = await save(s, section(false));
    expect(next).toMatchObject({ eventCount: 1, version: version + 1 });
    expect(await snapshotRow(s)).toMatchObject({ version: version + 1 });
    expect((await loadState(db, featureFlagsDecider, s)).state).toEqual(await refold(s));
  });

  it('the decision on a refold equals the decision on the snapshot', async () => {
    const { s } = await withSnapshot(() => Promise.resolve());
    const fromSnapshot = await loadState(db, featureFlagsDecider, s);
    expect(fromSnapshot.snapshotVersion).not.toBeNull();
    const full = fold(
      featureFlagsDecider,
      (await readStream(db, s)).map((e) => e as unknown as FeatureFlagsEvent),
    );
    const command = { type: 'UpdateFeatureFlags' as const, data: { flags: { beta: flag() } } };
    expect(featureFlagsDecider.decide(command, fromSnapshot.state)).toEqual(
      featureFlagsDecider.decide(command, full),
    );
  });
});
