import type { SectionData, SectionType } from '@app/contracts';
import { sectionDefs } from '../../state/section-list';
import { diffSection, type FieldChange } from './section-diff';

/**
 * What reverting `type` brings: none when the section's own equality (sets, flag order) finds it as
 * it was then, else the field-by-field diff (Application Secrets as masks only).
 */
export const sectionChanges = <K extends SectionType>(
  type: K,
  now: SectionData[K],
  then: SectionData[K],
): FieldChange[] => {
  const def = sectionDefs[type];
  if (def.equals(now, then)) return [];
  return diffSection(now, then, { secret: type === 'applicationSecrets', whole: def.label });
};
