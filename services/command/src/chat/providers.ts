import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import { assertNever, type ReasoningLevel } from '@app/contracts';
import type { Keyring, OutboundClient } from '@app/platform';
import type { SavedEndpoint } from '../domain/openai-endpoint-rules';
import { exactUrlFetch, guardedFetch } from './provider-fetch';

/** The AI SDK provider a model's `provider` field picks; anything unnamed speaks the OpenAI wire. */
export type ProviderKind = 'openai' | 'azure' | 'gemini' | 'bedrock' | 'openai-compatible';

export const providerKindOf = (provider: string): ProviderKind => {
  switch (provider.trim().toLowerCase()) {
    case 'openai':
      return 'openai';
    case 'azure':
      return 'azure';
    case 'gemini':
      return 'gemini';
    case 'bedrock':
      return 'bedrock';
    default:
      // vLLM, Ollama, llama.cpp, '' and every other OpenAI-compatible server.
      return 'openai-compatible';
  }
};

/** One endpoint, opened: the url as the admin entered it and its key in clear ('' for a keyless server). Never logged. */
export interface OpenedEndpoint {
  url: string;
  key: string;
}

/** A saved endpoint with its key (and url with credentials) opened; a keyless one has the key ''. */
export const openSavedEndpoint = async (keyring: Keyring, e: SavedEndpoint): Promise<OpenedEndpoint> => ({
  key: e.key ? await keyring.open(e.key) : '',
  url: e.urlSecret ? await keyring.open(e.urlSecret) : e.url,
});

/** Gemini's base url: the endpoint's url up to `/models/...` (or the whole url, without a trailing slash). */
export const geminiBaseUrl = (url: string): string => {
  const u = new URL(url);
  const at = u.pathname.indexOf('/models/');
  const path = at === -1 ? u.pathname : u.pathname.slice(0, at);
  return `${u.origin}${path.replace(/\/+$/, '')}`;
};

/** Bedrock's region, from a host like bedrock-runtime.<region>.amazonaws.com. */
export const bedrockRegion = (url: string): string =>
  /^bedrock-runtime(?:-fips)?\.([a-z0-9-]+)\./.exec(new URL(url).hostname)?.[1] ?? 'us-east-1';

/**
 * The language model of `modelId` at one endpoint. Every call goes through the guarded outbound
 * client. The OpenAI-wire providers (OpenAI, Azure, OpenAI-compatible) send their request to exactly
 * the url the admin entered (the full chat-completions url, its query kept), with the key as both
 * `api-key` and `Authorization: Bearer`; Gemini and Bedrock build their own paths below it.
 */
export const languageModelFor = (
  kind: ProviderKind,
  modelId: string,
  endpoint: OpenedEndpoint,
  outbound: OutboundClient,
): LanguageModelV3 => {
  const origin = new URL(endpoint.url).origin;
  switch (kind) {
    case 'openai':
      return createOpenAI({
        apiKey: endpoint.key,
        baseURL: `${origin}/v1`,
        fetch: exactUrlFetch(outbound, endpoint),
      }).chat(modelId);
    case 'azure':
      return createAzure({
        apiKey: endpoint.key,
        baseURL: `${origin}/openai`,
        fetch: exactUrlFetch(outbound, endpoint),
      }).chat(modelId);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openaiCompatible',
        apiKey: endpoint.key,
        baseURL: `${origin}/v1`,
        includeUsage: true,
        fetch: exactUrlFetch(outbound, endpoint),
      }).chatModel(modelId);
    case 'gemini':
      return createGoogleGenerativeAI({
        apiKey: endpoint.key,
        baseURL: geminiBaseUrl(endpoint.url),
        fetch: guardedFetch(outbound),
      })(modelId);
    case 'bedrock':
      return createAmazonBedrock({
        apiKey: endpoint.key,
        baseURL: origin,
        region: bedrockRegion(endpoint.url),
        fetch: guardedFetch(outbound),
      })(modelId);
    default:
      return assertNever(kind);
  }
};

/** The reasoning effort in each provider's options; none for a model that does not support reasoning. */
export const reasoningOptions = (
  kind: ProviderKind,
  level: ReasoningLevel | undefined,
  supportsReasoning: boolean,
): SharedV3ProviderOptions | undefined => {
  if (!level || !supportsReasoning) return undefined;
  switch (kind) {
    case 'openai':
    case 'azure':
      return { openai: { reasoningEffort: level } };
    case 'openai-compatible':
      return { openaiCompatible: { reasoningEffort: level } };
    case 'gemini':
      return { google: { thinkingConfig: { thinkingLevel: level } } };
    case 'bedrock':
      return { bedrock: { reasoningConfig: { maxReasoningEffort: level } } };
    default:
      return assertNever(kind);
  }
};
