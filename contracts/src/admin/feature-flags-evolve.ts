import type { FeatureFlag, FeatureFlagsEvent } from './feature-flags';
import { withItem, without } from '../list-items';

/**
 * How one event changes the flag it names (undefined: there is no such flag). Shared by the decider
 * and the projection, so both fold the log the same way. Pure: it answers a new flag, never changes
 * the one it is given. Creation starts from the default flag; any other event on a flag that does not
 * exist changes nothing.
 */
export const evolveFeatureFlag = (
  flag: FeatureFlag | undefined,
  event: FeatureFlagsEvent,
): FeatureFlag | undefined => {
  if (event.type === 'FeatureFlagCreated') {
    return { enabled: false, userExceptions: [], amplifyGroupExceptions: [] };
  }
  if (!flag) return undefined;
  switch (event.type) {
    case 'FeatureFlagRemoved':
      return undefined;
    case 'FeatureFlagEnabled':
      return { ...flag, enabled: true };
    case 'FeatureFlagDisabled':
      return { ...flag, enabled: false };
    case 'FeatureFlagUserExceptionAdded':
      return { ...flag, userExceptions: withItem(flag.userExceptions, event.data.email) };
    case 'FeatureFlagUserExceptionRemoved':
      return { ...flag, userExceptions: without(flag.userExceptions, event.data.email) };
    case 'FeatureFlagGroupExceptionAdded':
      return { ...flag, amplifyGroupExceptions: withItem(flag.amplifyGroupExceptions, event.data.group) };
    case 'FeatureFlagGroupExceptionRemoved':
      return { ...flag, amplifyGroupExceptions: without(flag.amplifyGroupExceptions, event.data.group) };
    default: {
      const never: never = event;
      throw new Error(`Unexpected event: ${JSON.stringify(never)}`);
    }
  }
};
