import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  availableNonEmbeddingCount,
  defaultModel,
  defaultModelKeysShown,
  defaultModelOptions,
  DefaultModelsSection,
  isEmbeddingModel,
  isModelOpenTo,
  Model,
  modelFormError,
  needsDefaultModelReminder,
  sectionLabels,
  SupportedModelsSection,
} from '@app/contracts';

const model = (id: string, m: Partial<Model> = {}): Model => ({
  ...defaultModel(),
  id,
  name: id,
  provider: 'OpenAI',
  inputContextWindow: 1000,
  outputTokenLimit: 1000,
  isAvailable: true,
  ...m,
});
const keyed = (...models: Model[]) => Object.fromEntries(models.map((m) => [m.id, m]));

describe('the Model schema (spec 3 and 9)', () => {
  it('every field left out takes the default: numbers 0, booleans false, strings empty, no groups', () => {
    expect(Model.parse({})).toEqual({
      id: '',
      name: '',
      provider: '',
      description: '',
      systemPrompt: '',
      inputContextWindow: 0,
      outputTokenLimit: 0,
      inputTokenCost: 0,
      outputTokenCost: 0,
      cachedTokenCost: 0,
      supportsImages: false,
      supportsReasoning: false,
      supportsSystemPrompts: false,
      isAvailable: false,
      isBuiltIn: false,
      exclusiveGroupAvailability: [],
    });
  });

  it.each([
    ['a negative window', { inputContextWindow: -1000 }],
    ['a fractional window', { outputTokenLimit: 4096.5 }],
    ['a negative cost', { inputTokenCost: -0.0001 }],
    ['a cost written as text', { outputTokenCost: '0.01' }],
    ['a window written as text', { inputContextWindow: '1000' }],
    ['a non-finite cost', { cachedTokenCost: Number.POSITIVE_INFINITY }],
    ['a toggle written as text', { isAvailable: 'true' }],
    ['an empty Amplify group name', { exclusiveGroupAvailability: ['Staff', '  '] }],
  ])('%s is refused', (_what, fields) => {
    expect(Model.safeParse(fields).success).toBe(false);
  });

  it('steps are the inputs spinner steps, not rules: 4096 tokens and $0.00015 are valid', () => {
    expect(Model.safeParse({ outputTokenLimit: 4096, inputTokenCost: 0.00015 }).success).toBe(true);
  });

  it('the sections are registered with their labels', () => {
    expect(sectionLabels.supportedModels).toBe('Supported Models');
    expect(sectionLabels.defaultModels).toBe('Default Models');
    expect(SupportedModelsSection.parse({ a: { id: 'a' } })['a']?.id).toBe('a');
  });

  it("default models: a slot left out is unset, written ''", () => {
    expect(DefaultModelsSection.parse({ user: ' gpt-4o ' })).toEqual({
      user: 'gpt-4o',
      advanced: '',
      cheapest: '',
      agent: '',
      documentCaching: '',
      embeddings: '',
    });
    expect(DefaultModelsSection.safeParse({ user: 4 }).success).toBe(false);
  });
});

describe('the form instant check (spec 5)', () => {
  it('answers the spec message when a required field is missing, null otherwise', () => {
    expect(modelFormError(model('gpt-4o', { provider: ' ' }))).toBe(adminMessages.modelRequiredFields);
    expect(modelFormError(model('gpt-4o', { outputTokenLimit: 0 }))).toBe(adminMessages.modelRequiredFields);
    expect(modelFormError(model('gpt-4o'))).toBeNull();
  });

  it('an embedding model is never available, so it needs no window nor limit', () => {
    expect(modelFormError(model('titan-embed', { inputContextWindow: 0, outputTokenLimit: 0 }))).toBeNull();
  });
});

describe('embedding models and availability', () => {
  it("an embedding model's id contains 'embed'", () => {
    expect(isEmbeddingModel('text-embedding-3-small')).toBe(true);
    expect(isEmbeddingModel('amazon.titan-embed-text-v2')).toBe(true);
    expect(isEmbeddingModel('gpt-4o')).toBe(false);
  });

  it('counts the available non-embedding models', () => {
    expect(
      availableNonEmbeddingCount(keyed(model('a'), model('b', { isAvailable: false }), model('x-embed'))),
    ).toBe(1);
  });

  it("reminds 'Double check the default model selections before saving' when a change leaves one", () => {
    const two = keyed(model('a'), model('b'));
    const one = keyed(model('a'), model('b', { isAvailable: false }));
    expect(needsDefaultModelReminder(two, one)).toBe(true);
    expect(needsDefaultModelReminder(one, one)).toBe(false);
    expect(adminMessages.checkDefaultModels).toBe('Double check the default model selections before saving');
  });

  it('a model limited to Amplify groups is open to their members only; no groups means everyone', () => {
    expect(isModelOpenTo(model('a'), [])).toBe(true);
    expect(isModelOpenTo(model('a', { exclusiveGroupAvailability: ['Staff'] }), [])).toBe(false);
    expect(isModelOpenTo(model('a', { exclusiveGroupAvailability: ['Staff', 'Ops'] }), ['Ops'])).toBe(true);
  });
});

describe('default model selectors (spec 9)', () => {
  it('agent shows only while the agentAssistantType flag exists, documentCaching while cachedDocuments exists', () => {
    expect(defaultModelKeysShown({})).toEqual(['user', 'advanced', 'cheapest', 'embeddings']);
    expect(defaultModelKeysShown({ agentAssistantType: { enabled: false }, cachedDocuments: {} })).toEqual([
      'user',
      'advanced',
      'cheapest',
      'agent',
      'documentCaching',
      'embeddings',
    ]);
  });

  const models = keyed(
    model('zeta', { name: 'Zeta', cachedTokenCost: 0.001 }),
    model('alpha', { name: 'Alpha' }),
    model('off', { name: 'Off', isAvailable: false, cachedTokenCost: 0.002 }),
    model('text-embedding-3', { name: 'Embed', isAvailable: false }),
  );
  const ids = (ms: Model[]) => ms.map((m) => m.id);

  it('chat selectors offer the available non-embedding models, sorted by name', () => {
    expect(ids(defaultModelOptions('user', models, {}))).toEqual(['alpha', 'zeta']);
    expect(ids(defaultModelOptions('cheapest', models, {}))).toEqual(['alpha', 'zeta']);
  });

  it("embeddings offers only ids containing 'embed'", () => {
    expect(ids(defaultModelOptions('embeddings', models, {}))).toEqual(['text-embedding-3']);
  });

  it('documentCaching offers only models with cachedTokenCost above 0, and nothing while hidden', () => {
    expect(ids(defaultModelOptions('documentCaching', models, { cachedDocuments: {} }))).toEqual([
      'off',
      'zeta',
    ]);
    expect(defaultModelOptions('documentCaching', models, {})).toEqual([]);
  });

  it('agent offers nothing while its flag does not exist', () => {
    expect(defaultModelOptions('agent', models, {})).toEqual([]);
    expect(ids(defaultModelOptions('agent', models, { agentAssistantType: {} }))).toEqual(['alpha', 'zeta']);
  });
});
