import {
  assertNever,
  featureFlagsEventTypes,
  type FeatureFlag,
  type FeatureFlagsEvent,
} from '@app/contracts';
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

const loadFlag = async (trx: Db, name: string): Promise<FeatureFlag | undefined> => {
  const row = await trx
    .selectFrom('rm_feature_flags')
    .selectAll()
    .where('name', '=', name)
    .executeTakeFirst();
  return row
    ? {
        enabled: row.enabled,
        userExceptions: row.user_exceptions,
        amplifyGroupExceptions: row.amplify_group_exceptions,
      }
    : undefined;
};

export const featureFlagsProjection = tableProjection<FeatureFlagsEvent>(
  'featureFlags',
  ['rm_feature_flags'],
  {
    eventTypes: featureFlagsEventTypes,
    apply: async (event, recorded, trx) => {
      const { name } = event.data;
      const stamp = changeStamp(recorded);
      if (event.type === 'FeatureFlagRemoved') {
        await trx.deleteFrom('rm_feature_flags').where('name', '=', name).execute();
        return [name];
      }
      const current = await loadFlag(trx, name);
      const change = changeOf(event);
      const base: FeatureFlag = current ?? { enabled: false, userExceptions: [], amplifyGroupExceptions: [] };
      const next = change ? change(base) : base;
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
