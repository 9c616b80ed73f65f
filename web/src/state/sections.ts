import { atom, type Atom, type Getter, type PrimitiveAtom, type Setter, type WritableAtom } from 'jotai';
import { sectionTypes, type SectionData, type SectionType } from '@app/contracts';
import type { SectionDef } from './section-def';
import { sectionDefs } from './section-list';
import {
  currentValue,
  emptySection,
  isDirty,
  withEdit,
  type SectionNotice,
  type SectionState,
} from './section-rules';

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

type AllSectionAtoms = { [K in SectionType]: SectionAtoms<K> };

const atomsOf = <K extends SectionType>(type: K): SectionAtoms<K> => createSectionAtoms(sectionDefs[type]);

/** Every section's atoms, one entry of `sectionDefs` each. */
export const sections = Object.fromEntries(
  sectionTypes.map((type) => [type, atomsOf(type)]),
) as AllSectionAtoms; // fromEntries cannot say that each key has its own type's atoms; the map does

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
