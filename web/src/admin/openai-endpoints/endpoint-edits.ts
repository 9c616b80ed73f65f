import {
  adminMessages,
  defaultOpenAiModelName,
  nameFields,
  platformMessages,
  reservedNameRefusal,
  type OpenAiEndpoint,
  type OpenAiEndpointsSection,
} from '@app/contracts';

/** A model as the tab shows it: its name and its url and key pairs. */
export interface ModelView {
  name: string;
  endpoints: OpenAiEndpoint[];
}

/** The section's `[{<name>: {endpoints}}]` as one list of models, in order. */
export const modelsOf = (section: OpenAiEndpointsSection): ModelView[] =>
  section.models.flatMap((entry) =>
    Object.entries(entry).map(([name, m]) => ({ name, endpoints: m.endpoints })),
  );

export const toSection = (models: readonly ModelView[]): OpenAiEndpointsSection => ({
  models: models.map((m) => ({ [m.name]: { endpoints: m.endpoints } })),
});

export type EditResult = { ok: true; models: ModelView[] } | { ok: false; message: string };

/** Why endpoints cannot be added to the model at `index` yet, or null: a name of its own is needed. */
export const modelNameProblem = (models: readonly ModelView[], index: number): string | null => {
  const name = models[index]?.name.trim() ?? '';
  if (name === '') return platformMessages.openAiModelNameRequired;
  if (name === defaultOpenAiModelName) return adminMessages.openAiDefaultModelName;
  const reserved = reservedNameRefusal(nameFields.endpointModelName, name);
  if (reserved !== null) return reserved;
  const taken = models.some((m, i) => i !== index && m.name.trim() === name);
  return taken ? adminMessages.openAiModelNameExists(name) : null;
};

/** A new model named 'modelid' (to be renamed before endpoints are added); only one at a time. */
export const addModel = (models: readonly ModelView[]): EditResult =>
  models.some((m) => m.name.trim() === defaultOpenAiModelName)
    ? { ok: false, message: adminMessages.openAiModelNameExists(defaultOpenAiModelName) }
    : { ok: true, models: [...models, { name: defaultOpenAiModelName, endpoints: [] }] };

/**
 * A model picked from Supported Models (its id), with one new url and key pair to fill in: the name
 * follows the same rules as a typed one ('modelid' and names in use are refused).
 */
export const addPickedModel = (models: readonly ModelView[], id: string): EditResult => {
  const next = [...models, { name: id.trim(), endpoints: [] }];
  const problem = modelNameProblem(next, next.length - 1);
  if (problem) return { ok: false, message: problem };
  return addEndpoint(next, next.length - 1);
};

/** The Supported Models ids the tab has no entry for yet, in their order: what Add Model offers. */
export const unlistedModelIds = (supportedIds: readonly string[], models: readonly ModelView[]): string[] => {
  const listed = new Set(models.map((m) => m.name.trim()));
  return supportedIds.filter((id) => id.trim() !== '' && !listed.has(id.trim()));
};

const replaceAt = (models: readonly ModelView[], index: number, model: ModelView): ModelView[] =>
  models.map((m, i) => (i === index ? model : m));

/** A model's name can be edited only while it has no endpoints. */
export const canRename = (model: ModelView): boolean => model.endpoints.length === 0;

export const renameModel = (models: readonly ModelView[], index: number, name: string): ModelView[] => {
  const model = models[index];
  return model && canRename(model) ? replaceAt(models, index, { ...model, name }) : [...models];
};

/** A new, empty url and key pair (tested before saving); the model's name must be its own first. */
export const addEndpoint = (models: readonly ModelView[], index: number): EditResult => {
  const model = models[index];
  if (!model) return { ok: true, models: [...models] };
  const problem = modelNameProblem(models, index);
  if (problem) return { ok: false, message: problem };
  const endpoint: OpenAiEndpoint = { url: '', key: '', isNew: true };
  return {
    ok: true,
    models: replaceAt(models, index, { name: model.name.trim(), endpoints: [...model.endpoints, endpoint] }),
  };
};

/** Only an endpoint added in this dialog is edited; a saved one is deleted and added again. */
export const setNewEndpoint = (
  models: readonly ModelView[],
  index: number,
  endpointIndex: number,
  patch: { url?: string; key?: string },
): ModelView[] => {
  const model = models[index];
  const endpoint = model?.endpoints[endpointIndex];
  if (!model || !endpoint?.isNew) return [...models];
  const endpoints = model.endpoints.map((e, i) => (i === endpointIndex ? { ...e, ...patch } : e));
  return replaceAt(models, index, { ...model, endpoints });
};

/** A model can be deleted only when it has no endpoints (its endpoints are deleted first). */
export const canDeleteModel = (model: ModelView): boolean => model.endpoints.length === 0;

export const deleteModel = (models: readonly ModelView[], index: number): ModelView[] => {
  const model = models[index];
  return model && canDeleteModel(model) ? models.filter((_, i) => i !== index) : [...models];
};

export const deleteEndpoints = (
  models: readonly ModelView[],
  index: number,
  selected: ReadonlySet<number>,
): ModelView[] => {
  const model = models[index];
  if (!model) return [...models];
  return replaceAt(models, index, {
    ...model,
    endpoints: model.endpoints.filter((_, i) => !selected.has(i)),
  });
};

/**
 * The position of a saved endpoint in the model's list as the server has it (what a reveal names),
 * or null when it is not saved.
 */
export const savedEndpointIndex = (
  saved: readonly ModelView[],
  modelName: string,
  endpoint: OpenAiEndpoint,
): number | null => {
  if (endpoint.isNew) return null;
  const list = saved.find((m) => m.name === modelName)?.endpoints ?? [];
  const index = list.findIndex((e) => e.url === endpoint.url && e.key === endpoint.key);
  return index < 0 ? null : index;
};
