import { sectionSchemas, type SectionData, type SectionType } from '@app/contracts';
import type { SectionCodec } from './section-codec';
import { canonical, describeChanges, planError, refusePlaceholders, sameContent, zodMessage } from './values';

/**
 * A section that holds no secret: the document's value is the section's data as the Admin Interface
 * reads and saves it (its zod contract), lists of plain values sorted. `dataOf` reads the data from
 * the decider's state; `comparable` leaves out what a save never takes from the data (e.g. a
 * group's `createdBy`, which is the actor of the save that created it).
 */
export const plainSection = <K extends SectionType, S>(
  section: K,
  dataOf: (state: S) => unknown,
  comparable: (data: SectionData[K]) => unknown = (d) => d,
): SectionCodec<K, S> => {
  const parse = (value: unknown): SectionData[K] => {
    const parsed = sectionSchemas[section].safeParse(value);
    if (!parsed.success) throw planError(zodMessage(section, parsed.error));
    return parsed.data as SectionData[K];
  };
  return {
    exportSection: (state) => canonical(parse(dataOf(state))),
    planSection: (current, target) => {
      refusePlaceholders(section, target);
      const data = parse(target);
      const before = comparable(parse(dataOf(current)));
      const after = comparable(data);
      if (sameContent(before, after)) return { changes: [], data: null };
      return { changes: describeChanges(canonical(before), canonical(after)), data };
    },
  };
};
