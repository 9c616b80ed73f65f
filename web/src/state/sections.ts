import { atom, type Atom, type Getter, type PrimitiveAtom, type Setter, type WritableAtom } from 'jotai';
import {
  sectionLabels,
  sectionTypes,
  type FeatureFlagsSection,
  type SectionData,
  type SectionType,
} from '@app/contracts';
import { sameMembers } from './equality';
import { deepEqual } from './equality';
import { sameSupportedModels } from './model-equality';
import { unsetDefaultModels } from '@app/contracts';
import { cardSectionDefs } from './card-sections';
import { secretSectionDefs } from './secret-sections';
import {
  currentValue,
  emptySection,
  isDirty,
  withEdit,
  type Equals,
  type SectionNotice,
  type SectionState,
} from './section-rules';

export interface SectionDef<K extends SectionType> {
  type: K;
  label: string;
  empty: () => SectionData[K];
  /** Equal for the server: admins and exceptions are sets, flag order does not matter. */
  equals: Equals<SectionData[K]>;
  /** What Save Changes sends (e.g. without the dialog's own flags); the value as is when absent. */
  toSave?: (value: SectionData[K]) => SectionData[K];
}

const sameFlags: Equals<FeatureFlagsSection> = (a, b) => {
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

export const sectionDefs: { [K in SectionType]: SectionDef<K> } = {
  admins: { type: 'admins', label: sectionLabels.admins, empty: () => [], equals: sameMembers },
  featureFlags: {
    type: 'featureFlags',
    label: sectionLabels.featureFlags,
    empty: () => ({}),
    equals: sameFlags,
  },
  supportedModels: {
    type: 'supportedModels',
    label: sectionLabels.supportedModels,
    empty: () => ({}),
    equals: sameSupportedModels,
  },
  defaultModels: {
    type: 'defaultModels',
    label: sectionLabels.defaultModels,
    empty: unsetDefaultModels,
    equals: deepEqual,
  },
  ...cardSectionDefs,
  ...secretSectionDefs,
};

type Value<K extends SectionType> = SectionData[K];

export interface SectionAtoms<K extends SectionType> {
  /** Server value, draft, loaded version and notice of the section. */
  state: PrimitiveAtom<SectionState<Value<K>>>;
  /** What the dialog shows: the draft when there is one. */
  value: Atom<Value<K>>;
  dirty: Atom<boolean>;
  notice: Atom<SectionNotice | null>;
  /** Apply an edit to the shown value. */
  edit: WritableAtom<null, [update: (value: Value<K>) => Value<K>], void>;
}

const createSectionAtoms = <K extends SectionType>(def: SectionDef<K>): SectionAtoms<K> => {
  const state = atom(emptySection(def.empty()));
  return {
    state,
    value: atom((get) => currentValue(get(state))),
    dirty: atom((get) => isDirty(get(state), def.equals)),
    notice: atom((get) => get(state).notice),
    edit: atom(null, (get, set, update: (value: Value<K>) => Value<K>) => {
      const s = get(state);
      set(state, withEdit(s, update(currentValue(s)), def.equals));
    }),
  };
};

export const sections: { [K in SectionType]: SectionAtoms<K> } = {
  admins: createSectionAtoms(sectionDefs.admins),
  featureFlags: createSectionAtoms(sectionDefs.featureFlags),
  supportedModels: createSectionAtoms(sectionDefs.supportedModels),
  defaultModels: createSectionAtoms(sectionDefs.defaultModels),
  emailSupport: createSectionAtoms(sectionDefs.emailSupport),
  aiEmailDomain: createSectionAtoms(sectionDefs.aiEmailDomain),
  rateLimit: createSectionAtoms(sectionDefs.rateLimit),
  defaultConversationStorage: createSectionAtoms(sectionDefs.defaultConversationStorage),
  promtCostAlert: createSectionAtoms(sectionDefs.promtCostAlert),
  amplifyGroups: createSectionAtoms(sectionDefs.amplifyGroups),
  applicationSecrets: createSectionAtoms(sectionDefs.applicationSecrets),
  applicationVariables: createSectionAtoms(sectionDefs.applicationVariables),
  openaiEndpoints: createSectionAtoms(sectionDefs.openaiEndpoints),
};

/** The sections with unsaved edits, in the contract's order. */
export const dirtySectionsAtom = atom((get) => sectionTypes.filter((type) => get(sections[type].dirty)));

export const anyDirtyAtom = atom((get) => get(dirtySectionsAtom).length > 0);

/** A section's state, for code that goes over every section. */
export const readSection = <K extends SectionType>(get: Getter, type: K): SectionState<Value<K>> =>
  get(sections[type].state);

/** Replaces a section's state through `update`, for code that goes over every section. */
export const updateSection = <K extends SectionType>(
  get: Getter,
  set: Setter,
  type: K,
  update: (state: SectionState<Value<K>>, def: SectionDef<K>) => SectionState<Value<K>>,
): void => {
  const { state } = sections[type];
  set(state, update(get(state), sectionDefs[type]));
};
