import {
  defaultModelKeys,
  nameMapFrom,
  unsetDefaultModels,
  type DefaultModelsSection,
  type Model,
  type SupportedModelsSection,
} from '@app/contracts';
import type { Db } from '@app/platform';

const selectModels = (db: Db) => db.selectFrom('rm_models').selectAll();
type ModelRow = Awaited<ReturnType<ReturnType<typeof selectModels>['execute']>>[number];

const toModel = (r: ModelRow): Model => ({
  id: r.id,
  name: r.name,
  provider: r.provider,
  description: r.description,
  systemPrompt: r.system_prompt,
  inputContextWindow: r.input_context_window,
  outputTokenLimit: r.output_token_limit,
  inputTokenCost: r.input_token_cost,
  outputTokenCost: r.output_token_cost,
  cachedTokenCost: r.cached_token_cost,
  supportsImages: r.supports_images,
  supportsReasoning: r.supports_reasoning,
  supportsSystemPrompts: r.supports_system_prompts,
  isAvailable: r.is_available,
  isBuiltIn: r.is_built_in,
  exclusiveGroupAvailability: r.exclusive_group_availability,
});

/** Every supported model, keyed by id, in one query. */
export const readSupportedModels = async (db: Db): Promise<SupportedModelsSection> => {
  const rows = await selectModels(db).orderBy('id').execute();
  return nameMapFrom(rows.map((r) => [r.id, toModel(r)] as const));
};

/** The available models only (GET /available_models), in one query. */
export const readAvailableModels = async (db: Db): Promise<Model[]> =>
  (await selectModels(db).where('is_available', '=', true).execute()).map(toModel);

/** Every default model slot; '' for a slot that is not set. */
export const readDefaultModels = async (db: Db): Promise<DefaultModelsSection> => {
  const rows = await db.selectFrom('rm_default_models').select(['key', 'model_id']).execute();
  const defaults = unsetDefaultModels();
  for (const r of rows) {
    const key = defaultModelKeys.find((k) => k === r.key);
    if (key) defaults[key] = r.model_id;
  }
  return defaults;
};
