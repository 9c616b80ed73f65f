import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  defaultModel,
  platformMessages,
  unsetDefaultModels,
  type Model,
  type SupportedModelsSection,
} from '@app/contracts';
import {
  checkModelForm,
  isShown,
  matchesSearch,
  modelRows,
  putModel,
  removeModel,
  renameInDefaults,
  toggleAvailable,
} from './model-edits';

const model = (id: string, over: Partial<Model> = {}): Model => ({
  ...defaultModel(),
  id,
  name: id.toUpperCase(),
  provider: 'OpenAI',
  ...over,
});
const keyed = (...ms: Model[]): SupportedModelsSection => Object.fromEntries(ms.map((m) => [m.id, m]));

const gpt = model('gpt-4o', {
  name: 'GPT 4o',
  isAvailable: true,
  inputContextWindow: 128000,
  outputTokenLimit: 4000,
});
const mini = model('gpt-4o-mini', { name: 'GPT 4o Mini', provider: 'Azure' });
const embed = model('text-embedding-3', { name: 'Embeddings' });

describe('checkModelForm', () => {
  it('answers the spec’s message when id, name or provider is missing', () => {
    expect(checkModelForm(model('', {}), {}, null)).toBe(adminMessages.modelRequiredFields);
    expect(checkModelForm(model('x', { name: ' ' }), {}, null)).toBe(adminMessages.modelRequiredFields);
    expect(checkModelForm(model('x', { provider: '' }), {}, null)).toBe(adminMessages.modelRequiredFields);
  });

  it('asks an available model for its window and limit', () => {
    expect(checkModelForm(model('x', { isAvailable: true }), {}, null)).toBe(
      adminMessages.modelRequiredFields,
    );
    expect(checkModelForm(gpt, {}, null)).toBeNull();
  });

  it('refuses an id another model has, but not the edited model’s own', () => {
    const models = keyed(gpt, mini);
    expect(checkModelForm(model(' gpt-4o-mini '), models, null)).toBe(
      platformMessages.duplicateModelId('gpt-4o-mini'),
    );
    expect(checkModelForm(model('gpt-4o-mini'), models, 'gpt-4o')).toBe(
      platformMessages.duplicateModelId('gpt-4o-mini'),
    );
    expect(checkModelForm(mini, models, 'gpt-4o-mini')).toBeNull();
  });
});

describe('editing the models', () => {
  it('adds a model and replaces an edited one under its new id', () => {
    expect(Object.keys(putModel(keyed(gpt), mini, null))).toEqual(['gpt-4o', 'gpt-4o-mini']);
    const renamed = putModel(keyed(gpt, mini), { ...mini, id: 'gpt-mini' }, 'gpt-4o-mini');
    expect(Object.keys(renamed).sort()).toEqual(['gpt-4o', 'gpt-mini']);
    expect(renamed['gpt-mini']?.provider).toBe('Azure');
  });

  it('removes a model', () => {
    expect(removeModel(keyed(gpt, mini), 'gpt-4o')).toEqual(keyed(mini));
  });

  it('toggles availability, never for an embedding model', () => {
    expect(toggleAvailable(keyed(gpt), 'gpt-4o')['gpt-4o']?.isAvailable).toBe(false);
    const models = keyed(embed);
    expect(toggleAvailable(models, 'text-embedding-3')).toBe(models);
    expect(toggleAvailable(models, 'missing')).toBe(models);
  });

  it('moves the default-model slots of a renamed model', () => {
    const defaults = { ...unsetDefaultModels(), user: 'a', advanced: 'a', cheapest: 'b' };
    expect(renameInDefaults(defaults, 'a', 'c')).toEqual({ ...defaults, user: 'c', advanced: 'c' });
    expect(renameInDefaults(defaults, 'a', 'a')).toEqual(defaults);
  });
});

describe('the table rows', () => {
  it('searches name, id and provider with the lower-cased term', () => {
    expect(matchesSearch(mini, 'azure')).toBe(true);
    expect(matchesSearch(mini, 'mini')).toBe(true);
    expect(matchesSearch(gpt, 'azure')).toBe(false);
    expect(matchesSearch(gpt, '')).toBe(true);
  });

  it('hides unavailable chat models on request, never embedding models (their availability is N/A)', () => {
    expect(isShown(mini, true)).toBe(false);
    expect(isShown(mini, false)).toBe(true);
    expect(isShown(gpt, true)).toBe(true);
    expect(isShown(embed, true)).toBe(true);
  });

  it('sorts by name and marks new and embedding models', () => {
    const rows = modelRows(keyed(mini, embed, gpt), '', false, keyed(gpt));
    expect(rows.map((r) => r.id)).toEqual(['text-embedding-3', 'gpt-4o', 'gpt-4o-mini']);
    expect(rows.map((r) => [r.isNew, r.isEmbedding])).toEqual([
      [true, true],
      [false, false],
      [true, false],
    ]);
    expect(modelRows(keyed(mini, embed, gpt), ' MINI ', false, {}).map((r) => r.id)).toEqual(['gpt-4o-mini']);
  });
});
