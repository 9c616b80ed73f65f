import type { CardForm, FeatureFlagsSection } from '@app/contracts';

/** A plain card shows unless it waits for a feature flag that is off in the dialog (saved or not). */
export const plainCardShown = (form: CardForm, flags: FeatureFlagsSection): boolean => {
  const flag = form.shownWhileFlag;
  return flag === undefined || (Object.hasOwn(flags, flag) && flags[flag]?.enabled === true);
};
