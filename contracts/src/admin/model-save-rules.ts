import { adminMessages, platformMessages } from '../messages';
import {
  defaultModelKeysShown,
  defaultModelLabels,
  defaultModelOptions,
  requiredDefaultModelKeys,
  type DefaultModelsSection,
  type FlagNames,
} from './default-models';
import { availableNonEmbeddingCount, type SupportedModelsSection } from './supported-models';

/** The configuration as it would be after a save: the parts the Supported Models tab's rules read. */
export interface ModelConfiguration {
  models: SupportedModelsSection;
  defaults: DefaultModelsSection;
  /** The feature flags, by name: they decide which default selectors exist. */
  flags: FlagNames;
}

/**
 * The cross-tab rules checked before a save, first failure first:
 * 1. at least one available non-embedding model;
 * 2. every shown default model but agent set (a hidden selector cannot be set, so it is not required);
 * 3. every shown default that is set names a model its selector offers (our own rule).
 * Answers the message to show, or null when the save may go on.
 */
export const modelSaveRuleFailure = (c: ModelConfiguration): string | null => {
  if (availableNonEmbeddingCount(c.models) === 0) return adminMessages.noAvailableModels;
  if (requiredDefaultModelKeys(c.flags).some((key) => c.defaults[key] === ''))
    return adminMessages.defaultModelsNotSet;
  for (const key of defaultModelKeysShown(c.flags)) {
    const id = c.defaults[key];
    if (id !== '' && !defaultModelOptions(key, c.models, c.flags).some((m) => m.id === id)) {
      return platformMessages.defaultModelUnfit(defaultModelLabels[key], id);
    }
  }
  return null;
};
