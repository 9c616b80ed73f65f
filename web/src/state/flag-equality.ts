import type { FeatureFlagsSection } from '@app/contracts';
import { sameMembers } from './equality';
import type { Equals } from './section-rules';

/** Equal for the server: the same flags, whatever their order, with the same exceptions as sets. */
export const sameFlags: Equals<FeatureFlagsSection> = (a, b) => {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => {
    const x = a[name];
    const y = b[name];
    return (
      x !== undefined &&
      y !== undefined &&
      x.enabled === y.enabled &&
      sameMembers(x.userExceptions, y.userExceptions) &&
      sameMembers(x.amplifyGroupExceptions, y.amplifyGroupExceptions)
    );
  });
};
