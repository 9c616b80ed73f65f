import { randomUUID } from 'node:crypto';
import { featureFlagsDecider, handleCommand } from '@app/command';
import type { EventMetadata, FeatureFlag, FeatureFlagsEvent, FeatureFlagsSection } from '@app/contracts';
import { appendToStream, inTransaction, type Db } from '@app/platform';
import type { BenchServer } from './server';
import { percentile } from './stats';

export interface LongStreamFigures {
  priorEvents: number;
  commands: number;
  /** ms per command (decide and append in its transaction) on a stream with `priorEvents` events. */
  long: number[];
  /** ms per command on a fresh stream holding the same flags. */
  fresh: number[];
  /** ms of the first command on the long stream: no snapshot yet, it folds every event and writes one. */
  firstLong: number;
}

const flagCount = 10;
const names = Array.from({ length: flagCount }, (_, i) => `benchFlag${i}`);
const actor = 'bench@example.com';

const metadata = (): EventMetadata => {
  const id = randomUUID();
  return {
    actor: { email: actor, kind: 'admin' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

/** The section both streams end up holding: every flag off, two user exceptions each. */
const steadyFlag = (): FeatureFlag => ({
  enabled: false,
  userExceptions: ['a@example.com', 'b@example.com'],
  amplifyGroupExceptions: ['staff'],
});
const section = (toggled: boolean): FeatureFlagsSection =>
  Object.fromEntries(names.map((n, i) => [n, { ...steadyFlag(), enabled: i === 0 && toggled }]));

/**
 * History as repeated saves leave it: the flags created with their exceptions, then churn (a flag
 * switched on and off, a user exception added and removed) until `count` events, ending on the
 * steady section.
 */
const history = (count: number): FeatureFlagsEvent[] => {
  const events: FeatureFlagsEvent[] = names.flatMap((name): FeatureFlagsEvent[] => [
    { type: 'FeatureFlagCreated', data: { name } },
    { type: 'FeatureFlagUserExceptionAdded', data: { name, email: 'a@example.com' } },
    { type: 'FeatureFlagUserExceptionAdded', data: { name, email: 'b@example.com' } },
    { type: 'FeatureFlagGroupExceptionAdded', data: { name, group: 'staff' } },
  ]);
  for (let i = 0; events.length + 4 <= count; i++) {
    const name = names[i % flagCount] ?? 'benchFlag0';
    events.push(
      { type: 'FeatureFlagEnabled', data: { name } },
      { type: 'FeatureFlagDisabled', data: { name } },
      { type: 'FeatureFlagUserExceptionAdded', data: { name, email: `u${i}@example.com` } },
      { type: 'FeatureFlagUserExceptionRemoved', data: { name, email: `u${i}@example.com` } },
    );
  }
  return events;
};

/** Appended straight through the event store, 1,000 events per append: seeding, not measured. */
const seed = async (db: Db, streamId: string, events: readonly FeatureFlagsEvent[]) => {
  for (let at = 0; at < events.length; at += 1000) {
    await appendToStream(db, streamId, events.slice(at, at + 1000), {
      expectedVersion: at,
      metadata: metadata(),
    });
  }
};

/** One whole-section save, as the configs route runs it: in its own transaction. */
const save = async (db: Db, streamId: string, toggled: boolean): Promise<number> => {
  const started = performance.now();
  await inTransaction(db, (trx) =>
    handleCommand(
      trx,
      featureFlagsDecider,
      streamId,
      { type: 'UpdateFeatureFlags', data: { flags: section(toggled) } },
      { metadata: metadata() },
    ),
  );
  return performance.now() - started;
};

/**
 * A save toggling one flag (one event) on a stream with `priorEvents` events beside the same save on
 * a fresh stream holding the same flags. The two alternate, so both see the same server.
 */
export const measureLongStream = async (
  server: BenchServer,
  priorEvents: number,
  commands: number,
): Promise<LongStreamFigures> => {
  const database = await server.createDatabase({ max: 2 });
  try {
    const long = `featureFlags-bench-long-${randomUUID()}`;
    const fresh = `featureFlags-bench-fresh-${randomUUID()}`;
    await seed(database.db, long, history(priorEvents));
    await seed(database.db, fresh, history(4 * flagCount));
    const figures: LongStreamFigures = { priorEvents, commands, long: [], fresh: [], firstLong: Number.NaN };
    const warmUp = 5;
    for (let i = 0; i < warmUp + commands; i++) {
      const toggled = i % 2 === 0;
      const l = await save(database.db, long, toggled);
      const f = await save(database.db, fresh, toggled);
      if (i === 0) figures.firstLong = l;
      if (i < warmUp) continue;
      figures.long.push(l);
      figures.fresh.push(f);
    }
    return figures;
  } finally {
    await database.drop();
  }
};

export const longStreamSummary = (f: LongStreamFigures) => {
  const p = (xs: number[], q: number) => percentile(xs, q);
  return {
    fresh: { p50: p(f.fresh, 50), p99: p(f.fresh, 99) },
    long: { p50: p(f.long, 50), p99: p(f.long, 99) },
    ratio: { p50: p(f.long, 50) / p(f.fresh, 50), p99: p(f.long, 99) / p(f.fresh, 99) },
  };
};
