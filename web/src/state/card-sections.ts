import {
  sameRateLimit,
  sectionLabels,
  valueCardKeys,
  valueCards,
  type AmplifyGroup,
  type AmplifyGroupsSection,
  type AnyValueCard,
  type SectionData,
  type ValueCardKey,
} from '@app/contracts';
import { deepEqual, sameMembers } from './equality';
import type { Equals } from './section-rules';
import type { SectionDef } from './section-def';

/** The sections of the Configurations tab's cards besides Admins. */
export type CardSectionType = ValueCardKey | 'amplifyGroups';

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

const valueCardDef = <K extends ValueCardKey>(key: K): SectionDef<K> & { tab: 'configurations' } => {
  const card: AnyValueCard = valueCards[key];
  return {
    type: key,
    tab: 'configurations',
    label: card.label,
    empty: () => card.initial() as SectionData[K],
    equals: (a, b) => (card.same ? card.same(a, b) : deepEqual(a, b)),
  };
};

/** The value cards' definitions, one per card of contracts' `value-cards/`. */
const valueCardDefs = Object.fromEntries(valueCardKeys.map((key) => [key, valueCardDef(key)])) as {
  [K in ValueCardKey]: SectionDef<K> & { tab: 'configurations' };
}; // fromEntries cannot say each key has its own definition

/** Their definitions (`satisfies`, not a type annotation: each `tab` stays a literal for `SectionsOfTab`). */
export const cardSectionDefs = {
  ...valueCardDefs,
  amplifyGroups: {
    type: 'amplifyGroups',
    tab: 'configurations',
    label: sectionLabels.amplifyGroups,
    empty: () => ({}),
    equals: sameAmplifyGroups,
  },
} satisfies { [K in CardSectionType]: SectionDef<K> };
