import type { Getter } from 'jotai';
import { modelSaveRuleFailure, type ModelConfiguration, type SectionType } from '@app/contracts';
import { sections } from '../../state/sections';

const modelSections: readonly SectionType[] = ['supportedModels', 'defaultModels'];

/**
 * The cross-tab rules before a save that touches the models or the default models (the
 * server checks the same; a save of other sections alone is not held back by them).
 */
export const modelRulesRefusal = (dirty: readonly SectionType[], c: ModelConfiguration): string | null =>
  dirty.some((type) => modelSections.includes(type)) ? modelSaveRuleFailure(c) : null;

/** The same, on the dialog's current values. */
export const modelSaveRefusal = (get: Getter, dirty: readonly SectionType[]): string | null =>
  modelRulesRefusal(dirty, {
    models: get(sections.supportedModels.value),
    defaults: get(sections.defaultModels.value),
    flags: get(sections.featureFlags.value),
  });
