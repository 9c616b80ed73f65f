import type { OpenAiEndpointsEvent } from '@app/contracts';
import { assertNever, plainSnapshot, type Decider } from '../shared/decider';
import {
  endpointsDiff,
  keyFingerprintOf,
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
    keyFingerprint: keyFingerprintOf(e),
    ...(e.urlSecret ? { urlFingerprint: e.urlSecret.fingerprint } : {}),
  },
});

const added = (model: string, e: SavedEndpoint): E => ({
  type: 'OpenAiEndpointAdded',
  data: {
    model,
    url: e.url,
    ...(e.key ? { key: e.key } : {}),
    ...(e.urlSecret ? { urlSecret: e.urlSecret } : {}),
  },
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

const sameEndpoint = (
  e: SavedEndpoint,
  removed: { url: string; keyFingerprint: string; urlFingerprint?: string },
) =>
  e.url === removed.url &&
  keyFingerprintOf(e) === removed.keyFingerprint &&
  urlFingerprintOf(e) === (removed.urlFingerprint ?? '');

/** The endpoints `event` leaves a model of its name with. */
const endpointsAfter = (endpoints: SavedEndpoint[], event: E): SavedEndpoint[] => {
  switch (event.type) {
    case 'OpenAiEndpointAdded':
      return [
        ...endpoints,
        {
          url: event.data.url,
          ...(event.data.urlSecret ? { urlSecret: event.data.urlSecret } : {}),
          ...(event.data.key ? { key: event.data.key } : {}),
        },
      ];
    case 'OpenAiEndpointRemoved':
      return endpoints.filter((e) => !sameEndpoint(e, event.data));
    case 'OpenAiModelAdded':
    case 'OpenAiModelRemoved':
      return endpoints;
    default:
      return assertNever(event);
  }
};

/**
 * The list is copied once per run of events and then changed in place (a model is replaced, never
 * changed; a removal filters): pure for the caller, without a copy of the whole list per event.
 */
const evolveModels = (state: OpenAiEndpointsState, events: readonly E[]): OpenAiEndpointsState => {
  let models = [...state];
  for (const event of events) {
    switch (event.type) {
      case 'OpenAiModelAdded':
        models.push({ name: event.data.model, endpoints: [] });
        break;
      case 'OpenAiModelRemoved':
        models = models.filter((m) => m.name !== event.data.model);
        break;
      case 'OpenAiEndpointAdded':
      case 'OpenAiEndpointRemoved':
        models.forEach((m, i) => {
          if (m.name === event.data.model) {
            models[i] = { ...m, endpoints: endpointsAfter(m.endpoints, event) };
          }
        });
        break;
      default:
        assertNever(event);
    }
  }
  return models;
};

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

  evolve: (state, event) => evolveModels(state, [event]),
  evolveAll: evolveModels,
  snapshot: plainSnapshot('openaiEndpoints/1', (j) => Array.isArray(j)),
};
