import { z } from 'zod';
import { boundedList, boundedString, nameFields, nameKeyedRecord, nameString } from '../bounded';
import { limits } from '../limits';
import { eventTypesOf } from '../event-types';

export const featureFlagsStreamId = 'config-featureFlags';

export const FeatureFlag = z.object({
  enabled: z.boolean(),
  userExceptions: boundedList(
    boundedString('A user exception', limits.emailLength),
    'The user exceptions of a feature flag',
    limits.flagUserExceptions,
  ),
  amplifyGroupExceptions: boundedList(
    nameString(nameFields.groupReference),
    'The Amplify group exceptions of a feature flag',
    limits.flagGroupExceptions,
  ),
});
export type FeatureFlag = z.infer<typeof FeatureFlag>;

/** The section as the dialog sends and reads it: flags keyed by camelCase name. */
export const FeatureFlagsSection = nameKeyedRecord(FeatureFlag, {
  field: 'Feature Flags',
  keyField: nameFields.flagName,
  max: limits.featureFlags,
  savedAs: (key) => toFeatureFlagName(key),
});
export type FeatureFlagsSection = z.infer<typeof FeatureFlagsSection>;

export const defaultFeatureFlag = (): FeatureFlag => ({
  enabled: false,
  userExceptions: [],
  amplifyGroupExceptions: [],
});

/** 'dark mode' -> 'darkMode': spaces convert to camelCase. */
export const toFeatureFlagName = (raw: string): string =>
  raw
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .map((w, i) =>
      i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join('');

type Named = { name: string };
export type FeatureFlagsEvent =
  | { type: 'FeatureFlagCreated'; data: Named }
  | { type: 'FeatureFlagRemoved'; data: Named }
  | { type: 'FeatureFlagEnabled'; data: Named }
  | { type: 'FeatureFlagDisabled'; data: Named }
  | { type: 'FeatureFlagUserExceptionAdded'; data: Named & { email: string } }
  | { type: 'FeatureFlagUserExceptionRemoved'; data: Named & { email: string } }
  | { type: 'FeatureFlagGroupExceptionAdded'; data: Named & { group: string } }
  | { type: 'FeatureFlagGroupExceptionRemoved'; data: Named & { group: string } };

export const featureFlagsEventTypes = eventTypesOf<FeatureFlagsEvent>({
  FeatureFlagCreated: true,
  FeatureFlagRemoved: true,
  FeatureFlagEnabled: true,
  FeatureFlagDisabled: true,
  FeatureFlagUserExceptionAdded: true,
  FeatureFlagUserExceptionRemoved: true,
  FeatureFlagGroupExceptionAdded: true,
  FeatureFlagGroupExceptionRemoved: true,
});

/**
 * Whether a flag is on for one user: enabled means on for everyone but the user exceptions;
 * disabled means off for everyone but the excepted users and members of excepted groups.
 */
export const isFlagOnFor = (flag: FeatureFlag, email: string, userGroups: readonly string[]): boolean => {
  const excepted =
    flag.userExceptions.includes(email) || flag.amplifyGroupExceptions.some((g) => userGroups.includes(g));
  if (flag.enabled) return !flag.userExceptions.includes(email);
  return excepted;
};
