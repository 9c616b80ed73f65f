import {
  defaultModelKeys,
  unsetDefaultModels,
  type DefaultModelsEvent,
  type DefaultModelsSection,
} from '@app/contracts';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

/** Every key, '' when unset. */
export type DefaultModelsState = DefaultModelsSection;

export type DefaultModelsCommand =
  /**
   * The dialog's whole-section save. Which model may fill which slot depends on the Supported
   * Models section (another stream): the cross-tab save rules check that before this runs.
   */
  { type: 'UpdateDefaultModels'; data: { defaults: DefaultModelsSection } };

type E = DefaultModelsEvent;

export const defaultModelsDecider: Decider<DefaultModelsState, DefaultModelsCommand, E> = {
  initialState: unsetDefaultModels,

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateDefaultModels':
        return defaultModelKeys.flatMap((key): E[] => {
          const next = command.data.defaults[key].trim();
          if (next === state[key]) return [];
          return next === ''
            ? [{ type: 'DefaultModelCleared', data: { key } }]
            : [{ type: 'DefaultModelSet', data: { key, modelId: next } }];
        });
      default:
        return assertNever(command.type);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'DefaultModelSet':
        return { ...state, [event.data.key]: event.data.modelId };
      case 'DefaultModelCleared':
        return { ...state, [event.data.key]: '' };
      default:
        return assertNever(event);
    }
  },
  snapshot: plainSnapshot(
    'defaultModels/1',
    (j) => isPlainObject(j) && defaultModelKeys.every((k) => typeof j[k] === 'string'),
  ),
};
