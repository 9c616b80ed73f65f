import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  defaultModel,
  defaultModelLabels,
  modelSaveRuleFailure,
  platformMessages,
  unsetDefaultModels,
  type DefaultModelsSection,
  type Model,
  type ModelConfiguration,
} from '@app/contracts';

const model = (id: string, m: Partial<Model> = {}): Model => ({
  ...defaultModel(),
  id,
  name: id,
  provider: 'OpenAI',
  inputContextWindow: 128000,
  outputTokenLimit: 4096,
  isAvailable: true,
  ...m,
});
const keyed = (...models: Model[]) => Object.fromEntries(models.map((m) => [m.id, m]));

const chat = model('gpt-4o');
const mini = model('gpt-4o-mini', { cachedTokenCost: 0.0003 });
const embed = model('text-embedding-3-small', { isAvailable: false });
const allSet: DefaultModelsSection = {
  ...unsetDefaultModels(),
  user: 'gpt-4o',
  advanced: 'gpt-4o',
  cheapest: 'gpt-4o-mini',
  embeddings: 'text-embedding-3-small',
};
const config = (c: Partial<ModelConfiguration> = {}): ModelConfiguration => ({
  models: keyed(chat, mini, embed),
  defaults: allSet,
  flags: {},
  ...c,
});

describe('cross-tab save rules (spec 5)', () => {
  it('a complete configuration passes', () => {
    expect(modelSaveRuleFailure(config())).toBeNull();
  });

  it('no available non-embedding model: the spec message, word for word', () => {
    const failure = modelSaveRuleFailure(
      config({ models: keyed({ ...chat, isAvailable: false }, { ...mini, isAvailable: false }, embed) }),
    );
    expect(failure).toBe(
      "No models were made available. To enable chat, update the models under the 'Supported Models' tab.",
    );
    expect(failure).toBe(adminMessages.noAvailableModels);
  });

  it('no models at all (a fresh install) fails the same way', () => {
    expect(modelSaveRuleFailure(config({ models: {}, defaults: unsetDefaultModels() }))).toBe(
      adminMessages.noAvailableModels,
    );
  });

  it('an embedding model does not count as available chat model', () => {
    // Normalised, an embedding model is never available; even if it were, it would not count.
    const models = keyed({ ...embed, isAvailable: true });
    expect(modelSaveRuleFailure(config({ models }))).toBe(adminMessages.noAvailableModels);
  });

  it.each(['user', 'advanced', 'cheapest', 'embeddings'] as const)(
    'every default but agent must be set: %s unset fails with the spec message',
    (key) => {
      const failure = modelSaveRuleFailure(config({ defaults: { ...allSet, [key]: '' } }));
      expect(failure).toBe("Ensure all default models are set in the 'Supported Models' tab.");
    },
  );

  it('agent may stay unset, even while its selector shows', () => {
    expect(modelSaveRuleFailure(config({ flags: { agentAssistantType: {} } }))).toBeNull();
  });

  it('documentCaching must be set only while the cachedDocuments flag exists (its selector shows)', () => {
    expect(modelSaveRuleFailure(config())).toBeNull();
    expect(modelSaveRuleFailure(config({ flags: { cachedDocuments: {} } }))).toBe(
      adminMessages.defaultModelsNotSet,
    );
    expect(
      modelSaveRuleFailure(
        config({ flags: { cachedDocuments: {} }, defaults: { ...allSet, documentCaching: 'gpt-4o-mini' } }),
      ),
    ).toBeNull();
  });

  it('a default naming a model that is gone fails with our message', () => {
    expect(modelSaveRuleFailure(config({ defaults: { ...allSet, advanced: 'o3' } }))).toBe(
      platformMessages.defaultModelUnfit(defaultModelLabels.advanced, 'o3'),
    );
  });

  it('a chat default naming an unavailable model fails', () => {
    const models = keyed(chat, { ...mini, isAvailable: false }, embed);
    expect(modelSaveRuleFailure(config({ models }))).toBe(
      platformMessages.defaultModelUnfit('Simple Task Model', 'gpt-4o-mini'),
    );
  });

  it('the embeddings default must be an embedding model', () => {
    expect(modelSaveRuleFailure(config({ defaults: { ...allSet, embeddings: 'gpt-4o' } }))).toBe(
      platformMessages.defaultModelUnfit(defaultModelLabels.embeddings, 'gpt-4o'),
    );
  });

  it('the documentCaching default needs cachedTokenCost above 0', () => {
    const flags = { cachedDocuments: {} };
    expect(modelSaveRuleFailure(config({ flags, defaults: { ...allSet, documentCaching: 'gpt-4o' } }))).toBe(
      platformMessages.defaultModelUnfit(defaultModelLabels.documentCaching, 'gpt-4o'),
    );
  });

  it('an agent default is checked while its selector shows, ignored while hidden', () => {
    const defaults = { ...allSet, agent: 'gone' };
    expect(modelSaveRuleFailure(config({ defaults, flags: { agentAssistantType: {} } }))).toBe(
      platformMessages.defaultModelUnfit(defaultModelLabels.agent, 'gone'),
    );
    expect(modelSaveRuleFailure(config({ defaults }))).toBeNull();
  });

  it('the first failing rule is the one reported', () => {
    expect(modelSaveRuleFailure(config({ models: {}, defaults: { ...allSet, user: '' } }))).toBe(
      adminMessages.noAvailableModels,
    );
  });
});
