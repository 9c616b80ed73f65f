import {
  defaultModelKeys,
  isEmbeddingModel,
  modelFormError,
  platformMessages,
  type DefaultModelsSection,
  type Model,
  type SupportedModelsSection,
} from '@app/contracts';

const own = (models: SupportedModelsSection, id: string): Model | undefined =>
  Object.hasOwn(models, id) ? models[id] : undefined;

/**
 * The form's checks on submit: the required-fields message first, then an id that another
 * model already has. `originalId` is the id of the model being edited (null while adding).
 */
export const checkModelForm = (
  model: Model,
  models: SupportedModelsSection,
  originalId: string | null,
): string | null => {
  const required = modelFormError(model);
  if (required !== null) return required;
  const id = model.id.trim();
  if (id !== originalId && own(models, id) !== undefined) return platformMessages.duplicateModelId(id);
  return null;
};

/** Adds a model, or replaces the edited one (under its new key when its id changed). */
export const putModel = (
  models: SupportedModelsSection,
  model: Model,
  originalId: string | null,
): SupportedModelsSection => {
  const rest = originalId !== null && originalId !== model.id ? removeModel(models, originalId) : models;
  return { ...rest, [model.id]: model };
};

export const removeModel = (models: SupportedModelsSection, id: string): SupportedModelsSection => {
  const { [id]: _removed, ...rest } = models;
  return rest;
};

/** The table's Available toggle; embedding models have no availability. */
export const toggleAvailable = (models: SupportedModelsSection, id: string): SupportedModelsSection => {
  const model = own(models, id);
  if (!model || isEmbeddingModel(model.id)) return models;
  return { ...models, [id]: { ...model, isAvailable: !model.isAvailable } };
};

/** A model whose id changed keeps its default-model slots. */
export const renameInDefaults = (
  defaults: DefaultModelsSection,
  oldId: string,
  newId: string,
): DefaultModelsSection => {
  const next = { ...defaults };
  for (const key of defaultModelKeys) if (next[key] === oldId) next[key] = newId;
  return next;
};

export interface ModelRow extends Model {
  /** Added in this dialog, not saved yet. */
  isNew: boolean;
  isEmbedding: boolean;
}

/** The search matches the name, id or provider; the term arrives lower-cased. */
export const matchesSearch = (m: Model, term: string): boolean =>
  term === '' || [m.name, m.id, m.provider].some((text) => text.toLowerCase().includes(term));

/**
 * "Hide unavailable models" hides the chat models that are not available; embedding models have
 * no availability (N/A), so they stay.
 */
export const isShown = (m: Model, hideUnavailable: boolean): boolean =>
  !hideUnavailable || m.isAvailable || isEmbeddingModel(m.id);

/** The table's rows: searched, filtered, sorted by name then id. */
export const modelRows = (
  models: SupportedModelsSection,
  search: string,
  hideUnavailable: boolean,
  saved: SupportedModelsSection,
): ModelRow[] => {
  const term = search.trim().toLowerCase();
  return Object.values(models)
    .filter((m) => matchesSearch(m, term) && isShown(m, hideUnavailable))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((m) => ({ ...m, isNew: !Object.hasOwn(saved, m.id), isEmbedding: isEmbeddingModel(m.id) }));
};
