import { describe, expect, it } from 'vitest';
import { adminMessages, defaultModel, unsetDefaultModels, type ModelConfiguration } from '@app/contracts';
import { modelRulesRefusal } from './model-save-check';

const chat = { ...defaultModel(), id: 'gpt', name: 'GPT', provider: 'OpenAI', isAvailable: true };
const embed = { ...defaultModel(), id: 'text-embed', name: 'Embed', provider: 'OpenAI' };
const none: ModelConfiguration = { models: {}, defaults: unsetDefaultModels(), flags: {} };

describe('modelRulesRefusal', () => {
  it('holds back a save touching the models while no chat model is available', () => {
    expect(modelRulesRefusal(['supportedModels'], none)).toBe(adminMessages.noAvailableModels);
    expect(modelRulesRefusal(['admins', 'defaultModels'], none)).toBe(adminMessages.noAvailableModels);
  });

  it('asks for every shown default model but agent', () => {
    const models = { gpt: chat, 'text-embed': embed };
    const some = { ...unsetDefaultModels(), user: 'gpt', advanced: 'gpt' };
    expect(modelRulesRefusal(['defaultModels'], { models, defaults: some, flags: {} })).toBe(
      adminMessages.defaultModelsNotSet,
    );
    const all = { ...some, cheapest: 'gpt', embeddings: 'text-embed' };
    expect(
      modelRulesRefusal(['defaultModels'], { models, defaults: all, flags: { agentAssistantType: {} } }),
    ).toBeNull();
  });

  it('does not hold back a save of other sections', () => {
    expect(modelRulesRefusal(['admins', 'featureFlags'], none)).toBeNull();
  });
});
