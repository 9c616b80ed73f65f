import { modelSaveRuleFailure, type SectionType } from '@app/contracts';
import type { Db } from '@app/platform';
import { configurationAfterSave, type IncomingSection } from './configuration-after-save';

/** The sections the Supported Models tab's cross-tab rules guard. */
const modelSections: readonly SectionType[] = ['supportedModels', 'defaultModels'];

/**
 * The cross-tab rules a save must keep, checked on the configuration as it would be after
 * the save. They apply only when the save touches supportedModels or defaultModels: a fresh
 * install has no models, and its admins must still be able to save other sections.
 * Answers the sections that must fail, each with the message to show; the others go on.
 */
export const saveRuleRefusals = async (
  db: Db,
  sections: readonly IncomingSection[],
): Promise<Map<SectionType, string>> => {
  const touched = sections.filter((s) => modelSections.includes(s.type));
  if (touched.length === 0) return new Map();
  const { configuration, refusedOnTheirOwn } = await configurationAfterSave(db, sections);
  const failure = modelSaveRuleFailure(configuration);
  if (failure === null) return new Map();
  // A section its own decider refuses fails with its own message, which says more.
  return new Map(touched.filter((s) => !refusedOnTheirOwn.has(s.type)).map((s) => [s.type, failure]));
};
