import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  defaultModel,
  platformMessages,
  type Model,
  type SupportedModelsEvent,
} from '@app/contracts';
import { supportedModelsDecider } from '../../src/configurations/supported-models';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(supportedModelsDecider);
type E = SupportedModelsEvent;

const model = (id: string, m: Partial<Model> = {}): Model => ({
  ...defaultModel(),
  id,
  name: id.toUpperCase(),
  provider: 'OpenAI',
  inputContextWindow: 128000,
  outputTokenLimit: 4096,
  isAvailable: true,
  ...m,
});
const save = (...models: Model[]) => ({
  type: 'UpdateSupportedModels' as const,
  data: { models: Object.fromEntries(models.map((m) => [m.id, m])) },
});
const saveKeyed = (models: Record<string, Model>) => ({
  type: 'UpdateSupportedModels' as const,
  data: { models },
});
const added = (m: Model): E => ({ type: 'ModelAdded', data: { model: m } });
const builtIn = (id: string, m: Partial<Model> = {}) => model(id, { isBuiltIn: true, ...m });

describe('supported models decider: the required-fields rule (spec 5)', () => {
  const required =
    'Required fields missing: Please provide ID, name, and provider. If the model is available, include input context window and output token limit. Ensure all required data is set and try again.';

  it('the message is the spec word for word', () => {
    given([])
      .when(save(model('gpt-4o', { name: '' })))
      .thenThrows(required);
    expect(adminMessages.modelRequiredFields).toBe(required);
  });

  it.each([
    ['an id', { id: '  ' }],
    ['a name', { name: ' ' }],
    ['a provider', { provider: '' }],
    ['a context window when available', { inputContextWindow: 0 }],
    ['an output limit when available', { outputTokenLimit: 0 }],
  ])('a model needs %s', (_what, fields) => {
    const m = model('gpt-4o', fields);
    given([])
      .when(saveKeyed({ 'gpt-4o': m }))
      .thenThrows(adminMessages.modelRequiredFields);
  });

  it('an unavailable model may have no context window nor output limit', () => {
    const m = model('draft', { isAvailable: false, inputContextWindow: 0, outputTokenLimit: 0 });
    given([])
      .when(save(m))
      .then([added(m)]);
  });

  it('an edit that empties a required field of a stored model is refused too', () => {
    given([added(model('gpt-4o'))])
      .when(save(model('gpt-4o', { provider: '' })))
      .thenThrows(adminMessages.modelRequiredFields);
  });
});

describe('supported models decider: adding and normalising', () => {
  it('a new model is one ModelAdded carrying the whole model, trimmed, groups deduplicated', () => {
    const sent = model(' gpt-4o ', {
      name: ' GPT 4o ',
      exclusiveGroupAvailability: ['Staff', ' Staff', 'Ops'],
    });
    const stored = model('gpt-4o', { name: 'GPT 4o', exclusiveGroupAvailability: ['Staff', 'Ops'] });
    given([])
      .when(saveKeyed({ 'gpt-4o': sent }))
      .then([added(stored)]);
  });

  it('an embedding model never stores reasoning, images or availability (and needs no window then)', () => {
    const sent = model('text-embedding-3-small', {
      supportsImages: true,
      supportsReasoning: true,
      isAvailable: true,
      inputContextWindow: 0,
      outputTokenLimit: 0,
    });
    const stored = { ...sent, supportsImages: false, supportsReasoning: false, isAvailable: false };
    given([])
      .when(save(sent))
      .then([added(stored)]);
  });

  it('the key must be the model id', () => {
    given([])
      .when(saveKeyed({ 'gpt-4o': model('gpt-4o-mini') }))
      .thenThrows(platformMessages.modelKeyMismatch('gpt-4o', 'gpt-4o-mini'));
  });

  it('two keys that trim to the same id are refused', () => {
    given([])
      .when(saveKeyed({ a: model('a'), ' a': model('a') }))
      .thenThrows(platformMessages.duplicateModelId('a'));
  });

  it('the dialog cannot add a model marked built-in', () => {
    given([])
      .when(save(builtIn('mine')))
      .thenThrows(platformMessages.builtInFlagFixed('mine'));
  });

  it('saving the models as they are changes nothing', () => {
    given([added(model('gpt-4o')), added(builtIn('claude'))])
      .when(save(model('gpt-4o'), builtIn('claude')))
      .then([]);
  });
});

describe('supported models decider: editing is diffed into fine-grained facts', () => {
  it('ModelUpdated carries only the changed fields', () => {
    given([added(model('gpt-4o'))])
      .when(save(model('gpt-4o', { description: 'Fast', inputTokenCost: 0.0025, supportsImages: true })))
      .then([
        {
          type: 'ModelUpdated',
          data: {
            id: 'gpt-4o',
            changes: { description: 'Fast', inputTokenCost: 0.0025, supportsImages: true },
          },
        },
      ]);
  });

  it('availability has its own event', () => {
    given([added(model('gpt-4o'))])
      .when(save(model('gpt-4o', { isAvailable: false })))
      .then([{ type: 'ModelAvailabilityChanged', data: { id: 'gpt-4o', isAvailable: false } }]);
  });

  it('Amplify group availability is added and removed group by group', () => {
    given([added(model('gpt-4o', { exclusiveGroupAvailability: ['Staff'] }))])
      .when(save(model('gpt-4o', { exclusiveGroupAvailability: ['Ops'] })))
      .then([
        { type: 'ModelGroupAvailabilityRemoved', data: { id: 'gpt-4o', group: 'Staff' } },
        { type: 'ModelGroupAvailabilityAdded', data: { id: 'gpt-4o', group: 'Ops' } },
      ]);
  });

  it('evolve folds every kind of change (a second save of the same result changes nothing)', () => {
    const final = model('gpt-4o', { name: 'Omni', isAvailable: false, exclusiveGroupAvailability: ['Ops'] });
    given([
      added(model('gpt-4o', { exclusiveGroupAvailability: ['Staff'] })),
      { type: 'ModelUpdated', data: { id: 'gpt-4o', changes: { name: 'Omni' } } },
      { type: 'ModelAvailabilityChanged', data: { id: 'gpt-4o', isAvailable: false } },
      { type: 'ModelGroupAvailabilityRemoved', data: { id: 'gpt-4o', group: 'Staff' } },
      { type: 'ModelGroupAvailabilityAdded', data: { id: 'gpt-4o', group: 'Ops' } },
    ])
      .when(save(final))
      .then([]);
  });

  it('a built-in model can be edited (but not its id nor its built-in mark)', () => {
    given([added(builtIn('claude'))])
      .when(save(builtIn('claude', { description: 'Anthropic' })))
      .then([{ type: 'ModelUpdated', data: { id: 'claude', changes: { description: 'Anthropic' } } }]);
  });

  it('the built-in mark cannot be taken off', () => {
    given([added(builtIn('claude'))])
      .when(save(model('claude')))
      .thenThrows(platformMessages.builtInFlagFixed('claude'));
  });

  it('nor put on a model the dialog added', () => {
    given([added(model('gpt-4o'))])
      .when(save(builtIn('gpt-4o')))
      .thenThrows(platformMessages.builtInFlagFixed('gpt-4o'));
  });
});

describe('supported models decider: removing', () => {
  it('a model left out of the save is removed', () => {
    given([added(model('gpt-4o')), added(model('old'))])
      .when(save(model('gpt-4o')))
      .then([{ type: 'ModelRemoved', data: { id: 'old' } }]);
  });

  it('a built-in model cannot be removed', () => {
    given([added(builtIn('claude')), added(model('gpt-4o'))])
      .when(save(model('gpt-4o')))
      .thenThrows(platformMessages.builtInModelFixed('claude'));
  });

  it("a built-in model's id cannot be changed (a new key is a removal plus an addition)", () => {
    given([added(builtIn('claude'))])
      .when(save(builtIn('claude-2')))
      .thenThrows(platformMessages.builtInModelFixed('claude'));
  });

  it("a model's id may be changed when it is not built-in: removed, then added", () => {
    given([added(model('gpt-4o'))])
      .when(save(model('gpt-4o-2024')))
      .then([{ type: 'ModelRemoved', data: { id: 'gpt-4o' } }, added(model('gpt-4o-2024'))]);
  });
});

describe('supported models decider: the platform seeds its built-in models', () => {
  const seed = (...models: Model[]) => ({ type: 'SeedBuiltInModels' as const, data: { models } });

  it('missing ones are added marked built-in; existing ones are left as the admins set them', () => {
    given([added(model('gpt-4o', { description: 'edited' }))])
      .when(seed(model('gpt-4o'), model('claude'), model('claude')))
      .then([added(builtIn('claude'))]);
  });
});
