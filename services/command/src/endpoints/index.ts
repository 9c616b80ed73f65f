/**
 * A model's endpoints as chat, the embedder and the assistants' term check call them: the provider a
 * model names, an endpoint opened (its key and url), the language model at it, the guarded fetch the
 * providers are given and the round robin over a model's endpoints.
 */
export {
  bedrockRegion,
  geminiBaseUrl,
  openSavedEndpoint,
  providerKindOf,
  type OpenedEndpoint,
  type ProviderKind,
} from './endpoint';
export { createEndpointPool, type EndpointPool } from './endpoint-pool';
export { languageModelFor } from './language-model';
export { endpointKeyHeaders, exactUrlFetch, guardedFetch, type FetchFunction } from './provider-fetch';
