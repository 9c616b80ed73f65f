import { aiEmailDomainFlag, type FeatureFlagsSection } from '@app/contracts';

/** The card shows while the assistantEmailEvents flag is on in the dialog (saved or not). */
export const showsAiEmailDomain = (flags: FeatureFlagsSection): boolean =>
  Object.hasOwn(flags, aiEmailDomainFlag) && flags[aiEmailDomainFlag]?.enabled === true;
