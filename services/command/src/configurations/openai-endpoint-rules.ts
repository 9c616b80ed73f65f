import {
  adminMessages,
  defaultOpenAiModelName,
  displayUrl,
  parseEndpointUrl,
  platformMessages,
  type SealedSecret,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';

/**
 * An endpoint once the route sealed its key; `key` is null when the dialog sent it empty. `url` is
 * never a credential in clear: a url that carried one is masked, the whole url `urlSecret`.
 * `keyOptional`: the url's host is one a keyless OpenAI-compatible server may have (loopback or a
 * private address that OUTBOUND_ALLOW lists; the route decides, see keyless-endpoints.ts).
 */
export interface SealedEndpointInput {
  url: string;
  urlSecret?: SealedSecret;
  key: SealedSecret | null;
  keyOptional?: boolean;
}

/** The section as the decider receives it: the dialog's models in order, each with sealed keys. */
export interface SealedModelInput {
  name: string;
  endpoints: SealedEndpointInput[];
}

/** No `key`: a keyless server, called without one. */
export interface SavedEndpoint {
  url: string;
  urlSecret?: SealedSecret;
  key?: SealedSecret;
}

export interface SavedModel {
  name: string;
  endpoints: SavedEndpoint[];
}

/** The fingerprint of the url with credentials, '' for a url without any. */
export const urlFingerprintOf = (e: Pick<SavedEndpoint, 'urlSecret'>): string =>
  e.urlSecret?.fingerprint ?? '';

/** The fingerprint of the key, '' for a keyless endpoint. */
export const keyFingerprintOf = (e: Pick<SavedEndpoint, 'key'>): string => e.key?.fingerprint ?? '';

const sameEndpoint = (a: SavedEndpoint, b: SavedEndpoint) =>
  a.url === b.url &&
  keyFingerprintOf(a) === keyFingerprintOf(b) &&
  urlFingerprintOf(a) === urlFingerprintOf(b);

/**
 * The endpoints kept: an empty url is dropped, and so is a pair listed twice. An endpoint without a
 * key is kept keyless where its address allows it (`keyOptional`) and refused elsewhere.
 */
const keptEndpoints = (model: string, endpoints: readonly SealedEndpointInput[]): SavedEndpoint[] =>
  endpoints.reduce<SavedEndpoint[]>((kept, e) => {
    const url = e.url.trim();
    if (url === '') return kept;
    if (e.key === null && e.keyOptional !== true) {
      const shown = displayUrl(url);
      if (parseEndpointUrl(url) === null)
        throw new DomainError(platformMessages.invalidEndpointUrl(model, shown));
      throw new DomainError(platformMessages.endpointKeyRequired(model, shown));
    }
    const endpoint: SavedEndpoint = {
      url,
      ...(e.urlSecret ? { urlSecret: e.urlSecret } : {}),
      ...(e.key ? { key: e.key } : {}),
    };
    return kept.some((k) => sameEndpoint(k, endpoint)) ? kept : [...kept, endpoint];
  }, []);

const checkModel = (model: SavedModel): void => {
  if (model.name === '') throw new DomainError(platformMessages.openAiModelNameRequired);
  if (model.name === defaultOpenAiModelName) throw new DomainError(adminMessages.openAiDefaultModelName);
  const bad = model.endpoints.find((e) => parseEndpointUrl(e.url) === null);
  if (bad) throw new DomainError(platformMessages.invalidEndpointUrl(model.name, displayUrl(bad.url)));
};

/**
 * The save rules for the OpenAi Endpoints section: endpoints with an empty url are dropped; one
 * without a key is kept only where a keyless server may be (`keyOptional`), else refused; a model
 * left without endpoints is removed with the note 'Removed <model> (no endpoints configured)'; a
 * model with endpoints needs a name other than the default 'modelid', unique among the models
 * saved, and http(s) urls.
 */
export const normaliseOpenAiModels = (
  models: readonly SealedModelInput[],
): { models: SavedModel[]; notes: string[] } => {
  const notes: string[] = [];
  const saved: SavedModel[] = [];
  for (const input of models) {
    const name = input.name.trim();
    const model = { name, endpoints: keptEndpoints(name, input.endpoints) };
    if (model.endpoints.length === 0) {
      if (model.name !== '') notes.push(adminMessages.openAiModelRemoved(model.name));
      continue;
    }
    checkModel(model);
    if (saved.some((m) => m.name === model.name))
      throw new DomainError(adminMessages.openAiModelNameExists(model.name));
    saved.push(model);
  }
  return { models: saved, notes };
};

export const endpointsDiff = (before: readonly SavedEndpoint[], after: readonly SavedEndpoint[]) => ({
  removed: before.filter((b) => !after.some((a) => sameEndpoint(a, b))),
  added: after.filter((a) => !before.some((b) => sameEndpoint(a, b))),
});
