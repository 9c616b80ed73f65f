import { describe, it } from 'vitest';
import { unsetDefaultModels, type DefaultModelsEvent, type DefaultModelsSection } from '@app/contracts';
import { defaultModelsDecider } from '../../src/configurations/default-models';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(defaultModelsDecider);
type E = DefaultModelsEvent;

const save = (d: Partial<DefaultModelsSection>) => ({
  type: 'UpdateDefaultModels' as const,
  data: { defaults: { ...unsetDefaultModels(), ...d } },
});
const set = (key: DefaultModelsEvent['data']['key'], modelId: string): E => ({
  type: 'DefaultModelSet',
  data: { key, modelId },
});

describe('default models decider', () => {
  it('each slot set is its own DefaultModelSet, in the spec order of the keys', () => {
    given([])
      .when(save({ embeddings: 'text-embedding-3-small', user: 'gpt-4o', cheapest: 'gpt-4o-mini' }))
      .then([
        set('user', 'gpt-4o'),
        set('cheapest', 'gpt-4o-mini'),
        set('embeddings', 'text-embedding-3-small'),
      ]);
  });

  it("an empty string clears a slot ('' is how 'unset' is written)", () => {
    given([set('agent', 'gpt-4o')])
      .when(save({}))
      .then([{ type: 'DefaultModelCleared', data: { key: 'agent' } }]);
  });

  it('only the slots that change give events; ids are trimmed', () => {
    given([set('user', 'gpt-4o'), set('advanced', 'o3')])
      .when(save({ user: ' gpt-4o ', advanced: 'o4' }))
      .then([set('advanced', 'o4')]);
  });

  it('saving the same defaults changes nothing', () => {
    given([set('user', 'gpt-4o')])
      .when(save({ user: 'gpt-4o' }))
      .then([]);
  });
});
