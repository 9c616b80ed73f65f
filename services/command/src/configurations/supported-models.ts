import {
  adminMessages,
  emptyNameMap,
  modelDetailFields,
  ownValue,
  modelRequiredFieldsMissing,
  normaliseModel,
  platformMessages,
  type Model,
  type ModelDetails,
  type SupportedModelsEvent,
  type SupportedModelsSection,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, nameMapFold, nameMapSnapshot, type Decider } from '../shared/decider';
import { diffLists } from './set-diff';

/** Models by id, in a map without a prototype (see @app/contracts' records). */
export type SupportedModelsState = Record<string, Model>;

export type SupportedModelsCommand =
  /** The dialog's whole-section save, diffed here into fine-grained facts. */
  | { type: 'UpdateSupportedModels'; data: { models: SupportedModelsSection } }
  /** The platform's own models: added (marked built-in) when missing, never changed afterwards. */
  | { type: 'SeedBuiltInModels'; data: { models: Model[] } };

type E = SupportedModelsEvent;

const own = (state: SupportedModelsState, id: string): Model | undefined => ownValue(state, id);

/** Normalised, with the form's rules: required fields, key equal to id, ids unique. */
const normalise = (models: SupportedModelsSection): Model[] => {
  const seen = new Set<string>();
  return Object.entries(models).map(([key, raw]) => {
    const model = normaliseModel(raw);
    if (modelRequiredFieldsMissing(model)) throw new DomainError(adminMessages.modelRequiredFields);
    if (key.trim() !== model.id) throw new DomainError(platformMessages.modelKeyMismatch(key, model.id));
    if (seen.has(model.id)) throw new DomainError(platformMessages.duplicateModelId(model.id));
    seen.add(model.id);
    return model;
  });
};

/** The detail fields whose value differs, and their new values. */
const changedDetails = (before: Model, after: Model): Partial<ModelDetails> => {
  const changes: Partial<Record<keyof ModelDetails, unknown>> = {};
  for (const field of modelDetailFields) {
    if (before[field] !== after[field]) changes[field] = after[field];
  }
  return changes as Partial<ModelDetails>;
};

const modelEvents = (before: Model | undefined, after: Model): E[] => {
  const { id } = after;
  if (!before) {
    if (after.isBuiltIn) throw new DomainError(platformMessages.builtInFlagFixed(id));
    return [{ type: 'ModelAdded', data: { model: after } }];
  }
  if (before.isBuiltIn !== after.isBuiltIn) throw new DomainError(platformMessages.builtInFlagFixed(id));
  const changes = changedDetails(before, after);
  const groups = diffLists(before.exclusiveGroupAvailability, after.exclusiveGroupAvailability);
  return [
    ...(Object.keys(changes).length > 0 ? [{ type: 'ModelUpdated', data: { id, changes } } as const] : []),
    ...(before.isAvailable === after.isAvailable
      ? []
      : [{ type: 'ModelAvailabilityChanged', data: { id, isAvailable: after.isAvailable } } as const]),
    ...groups.removed.map((group): E => ({ type: 'ModelGroupAvailabilityRemoved', data: { id, group } })),
    ...groups.added.map((group): E => ({ type: 'ModelGroupAvailabilityAdded', data: { id, group } })),
  ];
};

/** How one event changes the model it names (undefined: there is no such model). Pure. */
const evolveModel = (model: Model | undefined, event: E): Model | undefined => {
  if (event.type === 'ModelAdded') return event.data.model;
  if (!model) return undefined;
  switch (event.type) {
    case 'ModelRemoved':
      return undefined;
    case 'ModelUpdated':
      return { ...model, ...event.data.changes };
    case 'ModelAvailabilityChanged':
      return { ...model, isAvailable: event.data.isAvailable };
    case 'ModelGroupAvailabilityAdded':
      return {
        ...model,
        exclusiveGroupAvailability: [...model.exclusiveGroupAvailability, event.data.group],
      };
    case 'ModelGroupAvailabilityRemoved':
      return {
        ...model,
        exclusiveGroupAvailability: model.exclusiveGroupAvailability.filter((g) => g !== event.data.group),
      };
    default:
      return assertNever(event);
  }
};

/** One copy of the map per fold, each model folded by `evolveModel`. */
const modelsFold = nameMapFold<Model, E>(
  (e) => (e.type === 'ModelAdded' ? e.data.model.id : e.data.id),
  evolveModel,
);

export const supportedModelsDecider: Decider<SupportedModelsState, SupportedModelsCommand, E> = {
  initialState: () => emptyNameMap<Model>(),

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateSupportedModels': {
        const next = normalise(command.data.models);
        const nextIds = new Set(next.map((m) => m.id));
        const gone = Object.values(state).filter((m) => !nextIds.has(m.id));
        // Ids are the keys: a built-in model's id "changed" is its removal, refused like one.
        const builtIn = gone.find((m) => m.isBuiltIn);
        if (builtIn) throw new DomainError(platformMessages.builtInModelFixed(builtIn.id));
        return [
          ...gone.map((m): E => ({ type: 'ModelRemoved', data: { id: m.id } })),
          ...next.flatMap((m) => modelEvents(own(state, m.id), m)),
        ];
      }
      case 'SeedBuiltInModels': {
        const seen = new Set<string>();
        return command.data.models
          .map((m) => ({ ...normaliseModel(m), isBuiltIn: true }))
          .filter((m) => {
            const fresh = m.id !== '' && !own(state, m.id) && !seen.has(m.id);
            seen.add(m.id);
            return fresh;
          })
          .map((model): E => ({ type: 'ModelAdded', data: { model } }));
      }
      default:
        return assertNever(command);
    }
  },

  evolve: modelsFold.evolve,
  evolveAll: modelsFold.evolveAll,
  snapshot: nameMapSnapshot<Model>('supportedModels/1'),
};
