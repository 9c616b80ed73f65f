import {
  costTier,
  outputLimitTier,
  type CostTier,
  type OutputLimitTier,
  type UserModel,
} from '@app/contracts';

/** A model as the selector and the pricing view show it. */
export interface ModelOption {
  model: UserModel;
  costTier: CostTier;
  outputLimitTier: OutputLimitTier;
}

const byName = (a: UserModel, b: UserModel) =>
  (a.name || a.id).localeCompare(b.name || b.id) || a.id.localeCompare(b.id);

export const modelOption = (model: UserModel): ModelOption => ({
  model,
  costTier: costTier(model),
  outputLimitTier: outputLimitTier(model.outputTokenLimit),
});

/** Every model the user may use, sorted by name (the pricing view lists hidden ones too). */
export const allModelOptions = (models: readonly UserModel[]): ModelOption[] =>
  [...models].sort(byName).map(modelOption);

/** The selector's models: sorted by name, those the user hid left out. */
export const visibleModelOptions = (
  models: readonly UserModel[],
  hiddenModelIds: readonly string[],
): ModelOption[] => {
  const hidden = new Set(hiddenModelIds);
  return allModelOptions(models).filter((o) => !hidden.has(o.model.id));
};

/**
 * The model to preselect: the one chosen before when still offered, else the default model when
 * offered, else the first offered; null when none is.
 */
export const preselectedModelId = (
  options: readonly ModelOption[],
  chosen: string | null,
  defaultModelId: string | null,
): string | null => {
  const offered = (id: string | null) => id !== null && options.some((o) => o.model.id === id);
  if (offered(chosen)) return chosen;
  if (offered(defaultModelId)) return defaultModelId;
  return options[0]?.model.id ?? null;
};

/** The option's label: the name, its cost tier and its output-limit tier. */
export const modelOptionLabel = (o: ModelOption): string =>
  `${o.model.name || o.model.id} · ${o.costTier} · ${o.outputLimitTier} output`;

/** Prices per 1k tokens as the pricing table shows them: at least 4 decimals, up to 6 when needed. */
export const pricePer1k = (dollars: number): string =>
  `$${dollars.toFixed(6).replace(/(\.\d{4}\d*?)0+$/, '$1')}`;

/** Hides or shows a model in the selector: the new hidden list (order kept, no duplicates). */
export const toggleHidden = (hiddenModelIds: readonly string[], modelId: string, hide: boolean): string[] =>
  hide
    ? hiddenModelIds.includes(modelId)
      ? [...hiddenModelIds]
      : [...hiddenModelIds, modelId]
    : hiddenModelIds.filter((id) => id !== modelId);
