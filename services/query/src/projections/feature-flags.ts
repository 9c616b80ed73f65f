import {
  assertNever,
  featureFlagsEventTypes,
  type FeatureFlag,
  type FeatureFlagsEvent,
} from '@app/contracts';
import type { RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import { tableProjection } from './projection';
import { changeStamp } from './rows';

type Change = (flag: FeatureFlag) => FeatureFlag;

const without = <T>(xs: T[], x: T) => xs.filter((y) => y !== x);
const withItem = <T>(xs: T[], x: T) => (xs.includes(x) ? xs : [...xs, x]);

/** How each event changes one flag's row; null for creation and removal, handled apart. */
const changeOf = (event: FeatureFlagsEvent): Change | null => {
  switch (event.type) {
    case 'FeatureFlagCreated':
    case 'FeatureFlagRemoved':
      return null;
    case 'FeatureFlagEnabled':
      return (f) => ({ ...f, enabled: true });
    case 'FeatureFlagDisabled':
      return (f) => ({ ...f, enabled: false });
    case 'FeatureFlagUserExceptionAdded':
      return (f) => ({ ...f, userExceptions: withItem(f.userExceptions, event.data.email) });
    case 'FeatureFlagUserExceptionRemoved':
      return (f) => ({ ...f, userExceptions: without(f.userExceptions, event.data.email) });
    case 'FeatureFlagGroupExceptionAdded':
      return (f) => ({ ...f, amplifyGroupExceptions: withItem(f.amplifyGroupExceptions, event.data.group) });
    case 'FeatureFlagGroupExceptionRemoved':
      return (f) => ({ ...f, amplifyGroupExceptions: without(f.amplifyGroupExceptions, event.data.group) });
    default: {
      return assertNever(event);
    }
  }
};

const defaultFlag = (): FeatureFlag => ({ enabled: false, userExceptions: [], amplifyGroupExceptions: [] });

const flagOfRow = (row: {
  enabled: boolean;
  user_exceptions: string[];
  amplify_group_exceptions: string[];
}): FeatureFlag => ({
  enabled: row.enabled,
  userExceptions: row.user_exceptions,
  amplifyGroupExceptions: row.amplify_group_exceptions,
});

/** A flag after `event`: null once removed (a creation keeps a flag as it is, or a new one). */
const nextFlag = (current: FeatureFlag | null | undefined, event: FeatureFlagsEvent): FeatureFlag | null => {
  if (event.type === 'FeatureFlagRemoved') return null;
  const base = current ?? defaultFlag();
  const change = changeOf(event);
  return change ? change(base) : base;
};

/**
 * A rebuild's batch: the flags it names read once, folded in memory, then each written once (removed
 * ones deleted). The same rows as `apply` event by event.
 */
const applyFlagsBatch = async (
  events: readonly { event: FeatureFlagsEvent; recorded: RecordedEvent }[],
  trx: Db,
): Promise<void> => {
  if (events.length === 0) return;
  const names = [...new Set(events.map((e) => e.event.data.name))];
  const saved = await trx.selectFrom('rm_feature_flags').selectAll().where('name', 'in', names).execute();
  const flags = new Map<string, FeatureFlag | null>(saved.map((r) => [r.name, flagOfRow(r)]));
  const stamps = new Map<string, ReturnType<typeof changeStamp>>();
  for (const { event, recorded } of events) {
    flags.set(event.data.name, nextFlag(flags.get(event.data.name), event));
    stamps.set(event.data.name, changeStamp(recorded));
  }
  const removed = [...stamps.keys()].filter((name) => flags.get(name) === null);
  if (removed.length > 0) await trx.deleteFrom('rm_feature_flags').where('name', 'in', removed).execute();
  const rows = [...stamps.entries()].flatMap(([name, stamp]) => {
    const flag = flags.get(name);
    return flag
      ? [
          {
            name,
            enabled: flag.enabled,
            user_exceptions: JSON.stringify(flag.userExceptions),
            amplify_group_exceptions: JSON.stringify(flag.amplifyGroupExceptions),
            ...stamp,
          },
        ]
      : [];
  });
  if (rows.length === 0) return;
  await trx
    .insertInto('rm_feature_flags')
    .values(rows)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        enabled: eb.ref('excluded.enabled'),
        user_exceptions: eb.ref('excluded.user_exceptions'),
        amplify_group_exceptions: eb.ref('excluded.amplify_group_exceptions'),
        changed_by: eb.ref('excluded.changed_by'),
        changed_at: eb.ref('excluded.changed_at'),
      })),
    )
    .execute();
};

const loadFlag = async (trx: Db, name: string): Promise<FeatureFlag | undefined> => {
  const row = await trx
    .selectFrom('rm_feature_flags')
    .selectAll()
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? flagOfRow(row) : undefined;
};

export const featureFlagsProjection = tableProjection<FeatureFlagsEvent>(
  'featureFlags',
  ['rm_feature_flags'],
  {
    eventTypes: featureFlagsEventTypes,
    applyBatch: applyFlagsBatch,
    apply: async (event, recorded, trx) => {
      const { name } = event.data;
      const stamp = changeStamp(recorded);
      if (event.type === 'FeatureFlagRemoved') {
        await trx.deleteFrom('rm_feature_flags').where('name', '=', name).execute();
        return [name];
      }
      const next = nextFlag(await loadFlag(trx, name), event) ?? defaultFlag();
      const row = {
        enabled: next.enabled,
        user_exceptions: JSON.stringify(next.userExceptions),
        amplify_group_exceptions: JSON.stringify(next.amplifyGroupExceptions),
        ...stamp,
      };
      await trx
        .insertInto('rm_feature_flags')
        .values({ name, ...row })
        .onConflict((oc) => oc.column('name').doUpdateSet(row))
        .execute();
      return [name];
    },
  },
);
