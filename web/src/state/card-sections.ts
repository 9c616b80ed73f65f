import {
  configValueDefaults,
  sameRateLimit,
  sectionLabels,
  type AmplifyGroup,
  type AmplifyGroupsSection,
} from '@app/contracts';
import { deepEqual, sameMembers } from './equality';
import type { Equals } from './section-rules';
import type { SectionDef } from './section-def';

/** The sections of the Configurations tab's cards besides Admins. */
export type CardSectionType =
  | 'emailSupport'
  | 'aiEmailDomain'
  | 'rateLimit'
  | 'defaultConversationStorage'
  | 'promtCostAlert'
  | 'amplifyGroups';

const sameInclusions = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  a === undefined || b === undefined ? a === b : sameMembers(a, b);

/** Equal for the server: members and inclusions are sets; a system group (no inclusions) is not []. */
export const sameAmplifyGroup: Equals<AmplifyGroup> = (a, b) =>
  a.groupName === b.groupName &&
  a.createdBy === b.createdBy &&
  a.isBillingGroup === b.isBillingGroup &&
  sameMembers(a.members, b.members) &&
  sameInclusions(a.includeFromOtherGroups, b.includeFromOtherGroups) &&
  sameRateLimit(a.rateLimit, b.rateLimit);

export const sameAmplifyGroups: Equals<AmplifyGroupsSection> = (a, b) => {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => {
    const x = a[name];
    const y = Object.hasOwn(b, name) ? b[name] : undefined;
    return x !== undefined && y !== undefined && sameAmplifyGroup(x, y);
  });
};

/** Their definitions (`satisfies`, not a type annotation: each `tab` stays a literal for `SectionsOfTab`). */
export const cardSectionDefs = {
  emailSupport: {
    type: 'emailSupport',
    tab: 'configurations',
    label: sectionLabels.emailSupport,
    empty: configValueDefaults.emailSupport,
    equals: deepEqual,
  },
  aiEmailDomain: {
    type: 'aiEmailDomain',
    tab: 'configurations',
    label: sectionLabels.aiEmailDomain,
    empty: configValueDefaults.aiEmailDomain,
    equals: (a, b) => a === b,
  },
  rateLimit: {
    type: 'rateLimit',
    tab: 'configurations',
    label: sectionLabels.rateLimit,
    empty: configValueDefaults.rateLimit,
    equals: sameRateLimit,
  },
  defaultConversationStorage: {
    type: 'defaultConversationStorage',
    tab: 'configurations',
    label: sectionLabels.defaultConversationStorage,
    empty: configValueDefaults.defaultConversationStorage,
    equals: (a, b) => a === b,
  },
  promtCostAlert: {
    type: 'promtCostAlert',
    tab: 'configurations',
    label: sectionLabels.promtCostAlert,
    empty: configValueDefaults.promtCostAlert,
    equals: deepEqual,
  },
  amplifyGroups: {
    type: 'amplifyGroups',
    tab: 'configurations',
    label: sectionLabels.amplifyGroups,
    empty: () => ({}),
    equals: sameAmplifyGroups,
  },
} satisfies { [K in CardSectionType]: SectionDef<K> };
