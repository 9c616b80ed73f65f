import type { OpenAiEndpointsEvent } from '@app/contracts';
import { assertNever, type Decider } from './decider';
import {
  endpointsDiff,
  normaliseOpenAiModels,
  urlFingerprintOf,
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

/** An endpoint's removal names it as the rules know it: url, key fingerprint, and url fingerprint when it has one. */
const removed = (model: string, e: SavedEndpoint): E => ({
  type: 'OpenAiEndpointRemoved',
  data: {
    model,
    url: e.url,
    keyFingerprint: e.key.fingerprint,
    ...(e.urlSecret ? { urlFingerprint: e.urlSecret.fingerprint } : {}),
  },
});

const added = (model: string, e: SavedEndpoint): E => ({
  type: 'OpenAiEndpointAdded',
  data: { model, url: e.url, key: e.key, ...(e.urlSecret ? { urlSecret: e.urlSecret } : {}) },
});

const removedModelEvents = (model: SavedModel): E[] => [
  ...model.endpoints.map((e) => removed(model.name, e)),
  { type: 'OpenAiModelRemoved', data: { model: model.name } },
];

const modelEvents = (before: SavedModel | undefined, after: SavedModel): E[] => {
  const model = after.name;
  const diff = endpointsDiff(before?.endpoints ?? [], after.endpoints);
  return [
    ...(before ? [] : [{ type: 'OpenAiModelAdded', data: { model } } satisfies E]),
    ...diff.removed.map((e) => removed(model, e)),
    ...diff.added.map((e) => added(model, e)),
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
          event.data.urlSecret
            ? { url: event.data.url, urlSecret: event.data.urlSecret, key: event.data.key }
            : { url: event.data.url, key: event.data.key },
        ]);
      case 'OpenAiEndpointRemoved': {
        const { url, keyFingerprint, urlFingerprint = '' } = event.data;
        return withModel(state, event.data.model, (es) =>
          es.filter(
            (e) =>
              !(
                e.url === url &&
                e.key.fingerprint === keyFingerprint &&
                urlFingerprintOf(e) === urlFingerprint
              ),
          ),
        );
      }
      default:
        return assertNever(event);
    }
  },
};
