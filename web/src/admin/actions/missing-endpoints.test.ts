import { describe, expect, it } from 'vitest';
import { defaultModel, platformMessages, type OpenAiEndpointsSection } from '@app/contracts';
import { missingEndpointWarnings, type ModelsAndEndpoints } from './missing-endpoints';

const chat = (id: string, name: string, isAvailable = true) => ({
  ...defaultModel(),
  id,
  name,
  provider: 'OpenAI-compatible',
  isAvailable,
});
const endpoints = (...names: string[]): OpenAiEndpointsSection => ({
  models: names.map((name) => ({ [name]: { endpoints: [{ url: 'http://127.0.0.1:8000/v1', key: '' }] } })),
});
const nothing: ModelsAndEndpoints = { models: {}, endpoints: { models: [] } };

describe('missingEndpointWarnings', () => {
  it('Given an available model without an endpoint, When saving, Then it warns in the contracts’ words', () => {
    const now = { models: { llama: chat('llama', 'Llama 3') }, endpoints: { models: [] } };
    expect(missingEndpointWarnings(now, nothing)).toEqual([platformMessages.modelWithoutEndpoint('Llama 3')]);
  });

  it('Given the model has an endpoint entry named like its id, Then nothing is said', () => {
    const now = { models: { llama: chat('llama', 'Llama 3') }, endpoints: endpoints('llama') };
    expect(missingEndpointWarnings(now, nothing)).toEqual([]);
  });

  it('Given an entry whose endpoints have no url (dropped on save), Then it still warns', () => {
    const now = {
      models: { llama: chat('llama', 'Llama 3') },
      endpoints: { models: [{ llama: { endpoints: [{ url: ' ', key: '', isNew: true }] } }] },
    };
    expect(missingEndpointWarnings(now, nothing)).toEqual([platformMessages.modelWithoutEndpoint('Llama 3')]);
  });

  it('Given unavailable and embedding models without endpoints, Then nothing is said', () => {
    const now = {
      models: {
        off: chat('off', 'Off', false),
        'text-embed': { ...chat('text-embed', 'Embed'), isAvailable: true },
      },
      endpoints: { models: [] },
    };
    expect(missingEndpointWarnings(now, nothing)).toEqual([]);
  });

  it('Given a model already saved available without an endpoint, Then it is not repeated at every save', () => {
    const saved = { models: { llama: chat('llama', 'Llama 3') }, endpoints: { models: [] } };
    const now = { ...saved, models: { ...saved.models, qwen: chat('qwen', '') } };
    expect(missingEndpointWarnings(now, saved)).toEqual([platformMessages.modelWithoutEndpoint('qwen')]);
  });

  it('Given a saved model whose endpoints are deleted in this save, Then it warns', () => {
    const saved = { models: { llama: chat('llama', 'Llama 3') }, endpoints: endpoints('llama') };
    const now = { ...saved, endpoints: { models: [] } };
    expect(missingEndpointWarnings(now, saved)).toEqual([platformMessages.modelWithoutEndpoint('Llama 3')]);
  });
});
