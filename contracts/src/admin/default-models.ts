import { z } from 'zod';
import { nameString } from '../bounded';
import { isEmbeddingModel, type Model, type SupportedModelsSection } from './supported-models';
import { eventTypesOf } from '../event-types';
import { labelledKeys } from '../labelled-keys';

export const defaultModelsStreamId = 'config-defaultModels';

/** Only cheapest's label (Simple Task Model) is the Admin Interface's own; the others are ours. */
const defaultModels = labelledKeys({
  user: 'Default User Model',
  advanced: 'Advanced Model',
  cheapest: 'Simple Task Model',
  agent: 'Agent Model',
  documentCaching: 'Document Caching Model',
  embeddings: 'Embeddings Model',
});
export const defaultModelKeys = defaultModels.keys;
export const DefaultModelKey = defaultModels.schema;
export type DefaultModelKey = z.infer<typeof DefaultModelKey>;
export const defaultModelLabels: Record<DefaultModelKey, string> = defaultModels.labels;

/** A default model slot: a model id, or '' when it is not set. */
const slot = (key: DefaultModelKey) => nameString(defaultModelLabels[key]).trim().default('');

/** The Default models map: each key a model id, '' meaning unset. Missing keys read as unset. */
export const DefaultModelsSection = z.object({
  user: slot('user'),
  advanced: slot('advanced'),
  cheapest: slot('cheapest'),
  agent: slot('agent'),
  documentCaching: slot('documentCaching'),
  embeddings: slot('embeddings'),
});
export type DefaultModelsSection = z.infer<typeof DefaultModelsSection>;

export const unsetDefaultModels = (): DefaultModelsSection => DefaultModelsSection.parse({});

/** The feature flags that show selectors: only their existence counts, enabled or not. */
export const agentSelectorFlag = 'agentAssistantType';
export const documentCachingSelectorFlag = 'cachedDocuments';

/** The flags section, or anything keyed by flag name. */
export type FlagNames = Readonly<Record<string, unknown>>;

/** The default-model selectors the tab shows, in the tab's order. */
export const defaultModelKeysShown = (flags: FlagNames): DefaultModelKey[] =>
  defaultModelKeys.filter((key) => {
    if (key === 'agent') return Object.hasOwn(flags, agentSelectorFlag);
    if (key === 'documentCaching') return Object.hasOwn(flags, documentCachingSelectorFlag);
    return true;
  });

/** The selectors that must be set before a save: every shown one but agent. */
export const requiredDefaultModelKeys = (flags: FlagNames): DefaultModelKey[] =>
  defaultModelKeysShown(flags).filter((key) => key !== 'agent');

/**
 * Whether a model may fill a default slot. embeddings: an id containing 'embed';
 * documentCaching: cachedTokenCost above 0; the chat slots (user, advanced, cheapest,
 * agent; our rule): an available non-embedding model.
 */
export const fitsDefaultModel = (key: DefaultModelKey, m: Model): boolean => {
  switch (key) {
    case 'embeddings':
      return isEmbeddingModel(m.id);
    case 'documentCaching':
      return m.cachedTokenCost > 0;
    case 'user':
    case 'advanced':
    case 'cheapest':
    case 'agent':
      return m.isAvailable && !isEmbeddingModel(m.id);
    default: {
      const never: never = key;
      return never;
    }
  }
};

/** The models a selector offers, sorted by name; none when the selector is not shown. */
export const defaultModelOptions = (
  key: DefaultModelKey,
  models: SupportedModelsSection,
  flags: FlagNames,
): Model[] =>
  defaultModelKeysShown(flags).includes(key)
    ? Object.values(models)
        .filter((m) => fitsDefaultModel(key, m))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    : [];

type Keyed = { key: DefaultModelKey };
export type DefaultModelsEvent =
  | { type: 'DefaultModelSet'; data: Keyed & { modelId: string } }
  | { type: 'DefaultModelCleared'; data: Keyed };

export const defaultModelsEventTypes = eventTypesOf<DefaultModelsEvent>({
  DefaultModelSet: true,
  DefaultModelCleared: true,
});
