import { sectionLabels, sectionTypes, unsetDefaultModels, type SectionType } from '@app/contracts';
import { cardSectionDefs } from './card-sections';
import { deepEqual, sameMembers } from './equality';
import { sameFlags } from './flag-equality';
import { sameSupportedModels } from './model-equality';
import type { SectionDef } from './section-def';
import { secretSectionDefs } from './secret-sections';
import type { TabId } from './tab-id';

/**
 * The web's one list of configuration sections: each section's label, tab, empty value and
 * equality. The atoms (`sections.ts`) and each tab's sections (`admin/shell/tabs.ts`) derive from it;
 * a section the contracts add and this list lacks fails the typecheck (and `section-coverage.test.ts`).
 */
const defs = {
  admins: {
    type: 'admins',
    tab: 'configurations',
    label: sectionLabels.admins,
    empty: () => [],
    equals: sameMembers,
  },
  featureFlags: {
    type: 'featureFlags',
    tab: 'featureFlags',
    label: sectionLabels.featureFlags,
    empty: () => ({}),
    equals: sameFlags,
  },
  supportedModels: {
    type: 'supportedModels',
    tab: 'supportedModels',
    label: sectionLabels.supportedModels,
    empty: () => ({}),
    equals: sameSupportedModels,
  },
  defaultModels: {
    type: 'defaultModels',
    tab: 'supportedModels',
    label: sectionLabels.defaultModels,
    empty: unsetDefaultModels,
    equals: deepEqual,
  },
  ...cardSectionDefs,
  ...secretSectionDefs,
} satisfies { [K in SectionType]: SectionDef<K> };

export const sectionDefs: { [K in SectionType]: SectionDef<K> } = defs;

/** The sections a tab edits, as the compiler knows them (e.g. the Configurations tab's cards). */
export type SectionsOfTab<T extends TabId> = {
  [K in SectionType]: (typeof defs)[K]['tab'] extends T ? K : never;
}[SectionType];

/** The sections a tab edits, in the contracts' order. */
export const sectionsOfTab = <T extends TabId>(tab: T): SectionsOfTab<T>[] =>
  sectionTypes.filter((type): type is SectionsOfTab<T> => sectionDefs[type].tab === tab);
