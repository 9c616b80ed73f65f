import { AsyncLocalStorage } from 'node:async_hooks';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { assertNever } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import type { OpenedEndpoint, ProviderKind } from './endpoint';
import { providersAt } from './providers-at';

/** The outbound client of the call being made: each call's own (a chat request's gate), never shared. */
const callOutbound = new AsyncLocalStorage<OutboundClient>();

const current = (): OutboundClient => {
  const outbound = callOutbound.getStore();
  // A kept model is only called through `languageModelFor`'s wrapper: no call leaves unguarded.
  if (!outbound) throw new Error('a provider call was made without its outbound client');
  return outbound;
};

/** The client a kept model's provider sends through: the one of the call in progress. */
const perCall: OutboundClient = {
  request: (url, init) => current().request(url, init),
  fetch: (url, init) => current().fetch(url, init),
  close: () => Promise.resolve(),
};

const make = (kind: ProviderKind, modelId: string, endpoint: OpenedEndpoint): LanguageModelV3 => {
  const at = providersAt(endpoint, endpoint, perCall);
  switch (kind) {
    case 'openai':
      return at.openai().chat(modelId);
    case 'azure':
      return at.azure().chat(modelId);
    case 'openai-compatible':
      return at.openaiCompatible({ includeUsage: true }).chatModel(modelId);
    case 'gemini':
      return at.gemini()(modelId);
    case 'bedrock':
      return at.bedrock()(modelId);
    default:
      return assertNever(kind);
  }
};

/** At most this many models kept per opened endpoint (the configuration names them). */
const modelsPerEndpoint = 64;

/**
 * The models made at each opened endpoint, for as long as the endpoint is (opened-endpoints.ts keeps
 * one object per endpoint a while). A provider's model parses the answer's chunks with schemas it
 * builds when made, compiled at their first use: made once, a request does not pay for that again.
 */
const kept = new WeakMap<OpenedEndpoint, Map<string, LanguageModelV3>>();

const keptModel = (kind: ProviderKind, modelId: string, endpoint: OpenedEndpoint): LanguageModelV3 => {
  let models = kept.get(endpoint);
  if (!models) kept.set(endpoint, (models = new Map<string, LanguageModelV3>()));
  const name = `${kind}\n${modelId}`;
  let model = models.get(name);
  if (!model) {
    if (models.size >= modelsPerEndpoint) models.clear();
    models.set(name, (model = make(kind, modelId, endpoint)));
  }
  return model;
};

/**
 * The language model of `modelId` at one endpoint (`providersAt`): the OpenAI-wire providers send
 * their request to exactly the url the admin entered (the full chat-completions url, its query kept).
 * Every call it makes goes through `outbound`, this caller's client, whichever other callers share
 * the model kept underneath.
 */
export const languageModelFor = (
  kind: ProviderKind,
  modelId: string,
  endpoint: OpenedEndpoint,
  outbound: OutboundClient,
): LanguageModelV3 => {
  const model = keptModel(kind, modelId, endpoint);
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls;
    },
    doGenerate: (options) => callOutbound.run(outbound, () => model.doGenerate(options)),
    doStream: (options) => callOutbound.run(outbound, () => model.doStream(options)),
  };
};
