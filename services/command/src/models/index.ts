/**
 * Models and their providers, as chat, the embedder and the assistants' term check call them: the
 * provider a model names, an endpoint opened (its key and url), the language model at it, the guarded
 * fetch the providers are given, the round robin over a model's endpoints, the reasoning options each
 * provider takes, and why a call failed in words a user may read.
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
export { createOpenedEndpoints, type OpenedEndpoints } from './opened-endpoints';
export { languageModelFor } from './language-model';
export { providersAt } from './providers-at';
export { endpointKeyHeaders, exactUrlFetch, guardedFetch, type FetchFunction } from './provider-fetch';
export { failureLogFields, failureReason } from './failure-reason';
export { reasoningOptions } from './reasoning-options';
export { serverModelsRoutePlugin } from './server-models-route';
