import { z } from 'zod';
import {
  boundedList,
  boundedString,
  nameFields,
  nameKeyedRecord,
  nameString,
  reservedNameRefusal,
} from '../bounded';
import { limits } from '../limits';
import { adminMessages } from '../messages';
import { eventTypesOf } from '../event-types';

export const supportedModelsStreamId = 'config-supportedModels';

const text = (field: string, max: number) => boundedString(field, max).default('');
const flag = () => z.boolean().default(false);
/** Integers (window, limit) and decimals (costs per 1k tokens): numbers only, minimum 0. */
const count = () => z.number().int().nonnegative().default(0);
const cost = () => z.number().nonnegative().default(0);

/**
 * A model of the Supported Models tab. Every field may be left out and takes its
 * default (numbers 0, booleans false, strings empty).
 */
export const Model = z.object({
  id: nameString(nameFields.modelId).default(''),
  name: text('The model name', limits.modelNameLength),
  provider: text('The provider', limits.providerLength),
  description: text('The description', limits.descriptionLength),
  systemPrompt: text('The additional system prompt', limits.systemPromptLength),
  inputContextWindow: count(),
  outputTokenLimit: count(),
  inputTokenCost: cost(),
  outputTokenCost: cost(),
  cachedTokenCost: cost(),
  supportsImages: flag(),
  supportsReasoning: flag(),
  supportsSystemPrompts: flag(),
  isAvailable: flag(),
  isBuiltIn: flag(),
  /** Amplify group names; empty means every user may use the model (when it is available). */
  exclusiveGroupAvailability: boundedList(
    nameString(nameFields.groupReference).trim().min(1, 'Amplify group names cannot be empty'),
    'The Amplify groups of a model',
    limits.modelGroups,
  ).default([]),
});
export type Model = z.infer<typeof Model>;

/** The section as the dialog reads and saves it: models keyed by their id (the key equals `id`). */
export const SupportedModelsSection = nameKeyedRecord(Model, {
  field: 'Supported Models',
  keyField: nameFields.modelId,
  max: limits.models,
});
export type SupportedModelsSection = z.infer<typeof SupportedModelsSection>;

export const defaultModel = (): Model => Model.parse({});

/** The fields a ModelUpdated event may carry: all but the key, the built-in mark and the parts with events of their own. */
export type ModelDetails = Omit<Model, 'id' | 'isBuiltIn' | 'isAvailable' | 'exclusiveGroupAvailability'>;
export const modelDetailFields = [
  'name',
  'provider',
  'description',
  'systemPrompt',
  'inputContextWindow',
  'outputTokenLimit',
  'inputTokenCost',
  'outputTokenCost',
  'cachedTokenCost',
  'supportsImages',
  'supportsReasoning',
  'supportsSystemPrompts',
] as const satisfies readonly (keyof ModelDetails)[];

/**
 * The provider select's options: the shared provider list (endpoint providers). 'OpenAI-compatible'
 * is any server that speaks the OpenAI wire (vLLM, Ollama, llama.cpp, LM Studio...).
 */
export const modelProviders = ['Azure', 'OpenAI', 'Bedrock', 'Gemini', 'OpenAI-compatible'] as const;

/** What the provider select says under itself. */
export const openAiCompatibleProviderHint =
  'OpenAI-compatible: a server that speaks the OpenAI API, such as vLLM, Ollama, llama.cpp or LM Studio; its endpoints may do without a key on this machine or a private address.';

/** The form's numeric inputs: minimum 0 everywhere; steps are the inputs' spinner steps. */
export const modelNumberInputs = {
  inputContextWindow: { min: 0, step: 1000 },
  outputTokenLimit: { min: 0, step: 1000 },
  inputTokenCost: { min: 0, step: 0.0001 },
  outputTokenCost: { min: 0, step: 0.0001 },
  cachedTokenCost: { min: 0, step: 0.0001 },
} as const;

/** An embedding model: its id contains 'embed' (as written: case-sensitive). */
export const isEmbeddingModel = (id: string): boolean => id.includes('embed');

/**
 * The model as it is stored: id, name and provider trimmed; group names trimmed and deduplicated;
 * an embedding model never supports reasoning or images and is never "available" (the form does
 * not show those toggles, so whatever was sent for them is ignored and stored false).
 */
export const normaliseModel = (m: Model): Model => {
  const id = m.id.trim();
  const embedding = isEmbeddingModel(id);
  return {
    ...m,
    id,
    name: m.name.trim(),
    provider: m.provider.trim(),
    supportsImages: embedding ? false : m.supportsImages,
    supportsReasoning: embedding ? false : m.supportsReasoning,
    isAvailable: embedding ? false : m.isAvailable,
    exclusiveGroupAvailability: [
      ...new Set(m.exclusiveGroupAvailability.map((g) => g.trim()).filter((g) => g !== '')),
    ],
  };
};

/**
 * The form's required-fields rule on a normalised model: id, name and provider; an
 * available model also needs a non-zero input context window and output token limit.
 */
export const modelRequiredFieldsMissing = (m: Model): boolean =>
  m.id === '' ||
  m.name === '' ||
  m.provider === '' ||
  (m.isAvailable && (m.inputContextWindow === 0 || m.outputTokenLimit === 0));

/** The form's instant check: the rule's message (or a reserved id's), or null when the model may be added or saved. */
export const modelFormError = (model: Model): string | null =>
  modelRequiredFieldsMissing(normaliseModel(model))
    ? adminMessages.modelRequiredFields
    : reservedNameRefusal(nameFields.modelId, model.id);

/** Available models that are not embedding models: chat needs at least one. */
export const availableNonEmbeddingCount = (models: SupportedModelsSection): number =>
  Object.values(models).filter((m) => m.isAvailable && !isEmbeddingModel(m.id)).length;

/**
 * Whether a change leaves exactly one available non-embedding model where there were more: the
 * dialog then reminds 'Double check the default model selections before saving'.
 */
export const needsDefaultModelReminder = (
  before: SupportedModelsSection,
  after: SupportedModelsSection,
): boolean => availableNonEmbeddingCount(after) === 1 && availableNonEmbeddingCount(before) > 1;

/** Whether the model may be used by a member of `userGroups` (it must also be available). */
export const isModelOpenTo = (m: Model, userGroups: readonly string[]): boolean =>
  m.exclusiveGroupAvailability.length === 0 ||
  m.exclusiveGroupAvailability.some((g) => userGroups.includes(g));

type Id = { id: string };
export type SupportedModelsEvent =
  /** The whole model as added (normalised); `isBuiltIn` only when the platform seeds it. */
  | { type: 'ModelAdded'; data: { model: Model } }
  /** Only the fields that changed. */
  | { type: 'ModelUpdated'; data: Id & { changes: Partial<ModelDetails> } }
  | { type: 'ModelRemoved'; data: Id }
  | { type: 'ModelAvailabilityChanged'; data: Id & { isAvailable: boolean } }
  | { type: 'ModelGroupAvailabilityAdded'; data: Id & { group: string } }
  | { type: 'ModelGroupAvailabilityRemoved'; data: Id & { group: string } };

export const supportedModelsEventTypes = eventTypesOf<SupportedModelsEvent>({
  ModelAdded: true,
  ModelUpdated: true,
  ModelRemoved: true,
  ModelAvailabilityChanged: true,
  ModelGroupAvailabilityAdded: true,
  ModelGroupAvailabilityRemoved: true,
});
