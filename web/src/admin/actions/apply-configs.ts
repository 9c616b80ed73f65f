import type { Getter, Setter } from 'jotai';
import { sectionTypes, type ConfigsResponse, type SectionData, type SectionType } from '@app/contracts';
import type { SectionDef } from '../../state/section-def';
import { updateSection } from '../../state/sections';
import type { Incoming, SectionState } from '../../state/section-rules';

export type SectionUpdate = <K extends SectionType>(
  state: SectionState<SectionData[K]>,
  incoming: Incoming<SectionData[K]>,
  def: SectionDef<K>,
) => SectionState<SectionData[K]>;

const incomingOf = <K extends SectionType>(response: ConfigsResponse, type: K): Incoming<SectionData[K]> => ({
  value: response.data[type],
  meta: response.meta[type] ?? null,
});

/** Applies a loaded configuration to one section through `update`. */
export const applySection = <K extends SectionType>(
  get: Getter,
  set: Setter,
  type: K,
  response: ConfigsResponse,
  update: SectionUpdate,
): void => {
  updateSection(get, set, type, (s, def) => update(s, incomingOf(response, type), def));
};

/** Applies a loaded configuration to every section through `update`. */
export const applyConfigs = (
  get: Getter,
  set: Setter,
  response: ConfigsResponse,
  update: SectionUpdate,
): void => {
  for (const type of sectionTypes) applySection(get, set, type, response, update);
};
