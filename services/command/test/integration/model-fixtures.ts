import { defaultModel, unsetDefaultModels, type DefaultModelsSection, type Model } from '@app/contracts';

/** Models, defaults and section entries the Supported Models integration tests save. */
export const model = (id: string, m: Partial<Model> = {}): Model => ({
  ...defaultModel(),
  id,
  name: id.toUpperCase(),
  provider: 'OpenAI',
  inputContextWindow: 128000,
  outputTokenLimit: 4096,
  isAvailable: true,
  ...m,
});
export const keyed = (...models: Model[]) => Object.fromEntries(models.map((m) => [m.id, m]));
export const gpt = model('gpt-4o', { inputTokenCost: 0.0025, outputTokenCost: 0.01 });
export const mini = model('gpt-4o-mini', { cachedTokenCost: 0.000075 });
export const embed = model('text-embedding-3-small', {
  isAvailable: false,
  inputContextWindow: 8000,
  outputTokenLimit: 0,
});
export const defaults: DefaultModelsSection = {
  ...unsetDefaultModels(),
  user: 'gpt-4o',
  advanced: 'gpt-4o',
  cheapest: 'gpt-4o-mini',
  embeddings: 'text-embedding-3-small',
};
export const modelsSection = (models: Record<string, Model>, version?: number) => ({
  type: 'supportedModels',
  data: models,
  ...(version === undefined ? {} : { version }),
});
export const defaultsSection = (d: DefaultModelsSection) => ({ type: 'defaultModels', data: d });
export const refused = (message: string) => ({ success: false, reason: 'invalid', message });
