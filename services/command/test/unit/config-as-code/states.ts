import { sectionSchemas, sectionTypes, valueCards, isValueCardKey } from '@app/contracts';
import type { SectionStates } from '../../../src/config-as-code/index';

/** Every section's state before anything was saved (what each decider starts from). */
export const loadSectionStatesFor = (): SectionStates =>
  Object.fromEntries(
    sectionTypes.map((s) => {
      if (isValueCardKey(s)) return [s, valueCards[s].initial()];
      if (s === 'admins') return [s, { admins: [] }];
      if (s === 'openaiEndpoints') return [s, []];
      return [s, sectionSchemas[s].parse({})];
    }),
  ) as SectionStates;
