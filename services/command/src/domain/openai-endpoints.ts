import type { OpenAiEndpointsEvent } from '@app/contracts';
import { assertNever, type Decider } from './decider';
import {
  endpointsDiff,
  normaliseOpenAiModels,
  type SavedEndpoint,
  type SavedModel,
  type SealedModelInput,
} from './openai-endpoint-rules';

/** The models in the order they were added, each with its endpoints in the order they were added. */
export type OpenAiEndpointsState = SavedModel[];

export type OpenAiEndpointsCommand = {
  type: 'UpdateOpenAiEndpoints';
  /** The dialog's whole section, keys sealed by the route before deciding. */
  data: { models: SealedModelInput[] };
};

type E = OpenAiEndpointsEvent;

const removedModelEvents = (model: SavedModel): E[] => [
  ...model.endpoints.map((e): E => ({
    type: 'OpenAiEndpointRemoved',
    data: { model: model.name, url: e.url, keyFingerprint: e.key.fingerprint },
  })),
  { type: 'OpenAiModelRemoved', data: { model: model.name } },
];

const modelEvents = (before: SavedModel | undefined, after: SavedModel): E[] => {
  const model = after.name;
  const { removed, added } = endpointsDiff(before?.endpoints ?? [], after.endpoints);
  return [
    ...(before ? [] : [{ type: 'OpenAiModelAdded', data: { model } } satisfies E]),
    ...removed.map((e): E => ({
      type: 'OpenAiEndpointRemoved',
      data: { model, url: e.url, keyFingerprint: e.key.fingerprint },
    })),
    ...added.map((e): E => ({ type: 'OpenAiEndpointAdded', data: { model, url: e.url, key: e.key } })),
  ];
};

const withModel = (
  state: OpenAiEndpointsState,
  name: string,
  change: (endpoints: SavedEndpoint[]) => SavedEndpoint[],
) => state.map((m) => (m.name === name ? { ...m, endpoints: change(m.endpoints) } : m));

export const openaiEndpointsDecider: Decider<OpenAiEndpointsState, OpenAiEndpointsCommand, E> = {
  initialState: () => [],

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateOpenAiEndpoints': {
        const { models } = normaliseOpenAiModels(command.data.models);
        const gone = state.filter((m) => !models.some((n) => n.name === m.name)).flatMap(removedModelEvents);
        const changed = models.flatMap((m) =>
          modelEvents(
            state.find((s) => s.name === m.name),
            m,
          ),
        );
        return [...gone, ...changed];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'OpenAiModelAdded':
        return [...state, { name: event.data.model, endpoints: [] }];
      case 'OpenAiModelRemoved':
        return state.filter((m) => m.name !== event.data.model);
      case 'OpenAiEndpointAdded':
        return withModel(state, event.data.model, (es) => [
          ...es,
          { url: event.data.url, key: event.data.key },
        ]);
      case 'OpenAiEndpointRemoved':
        return withModel(state, event.data.model, (es) =>
          es.filter((e) => !(e.url === event.data.url && e.key.fingerprint === event.data.keyFingerprint)),
        );
      default:
        return assertNever(event);
    }
  },
};
