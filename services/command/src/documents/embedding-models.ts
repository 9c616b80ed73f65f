import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import { assertNever } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import { exactUrlFetch, guardedFetch } from '../chat/provider-fetch';
import { bedrockRegion, geminiBaseUrl, type OpenedEndpoint, type ProviderKind } from '../chat/providers';

/**
 * The url an embeddings request goes to: the endpoint's url as the admin entered it (the full
 * embeddings url, its query kept); one entered as a chat-completions url is asked at `.../embeddings`
 * beside it.
 */
export const embeddingsUrlOf = (url: string): string => {
  const u = new URL(url);
  u.pathname = u.pathname.replace(/\/chat\/completions\/?$/, '/embeddings');
  return u.toString();
};

/**
 * The embedding model of `modelId` at one endpoint, the provider picked as chat picks it
 * (`providerKindOf`). Every call goes through the guarded outbound client; the OpenAI-wire providers
 * send to exactly the endpoint's (embeddings) url with the key as `api-key` and `Authorization: Bearer`.
 */
export const embeddingModelFor = (
  kind: ProviderKind,
  modelId: string,
  endpoint: OpenedEndpoint,
  outbound: OutboundClient,
): EmbeddingModelV3 => {
  const exact = { ...endpoint, url: embeddingsUrlOf(endpoint.url) };
  const origin = new URL(endpoint.url).origin;
  switch (kind) {
    case 'openai':
      return createOpenAI({
        apiKey: endpoint.key,
        baseURL: `${origin}/v1`,
        fetch: exactUrlFetch(outbound, exact),
      }).embedding(modelId);
    case 'azure':
      return createAzure({
        apiKey: endpoint.key,
        baseURL: `${origin}/openai`,
        fetch: exactUrlFetch(outbound, exact),
      }).embedding(modelId);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openaiCompatible',
        apiKey: endpoint.key,
        baseURL: `${origin}/v1`,
        fetch: exactUrlFetch(outbound, exact),
      }).embeddingModel(modelId);
    case 'gemini':
      return createGoogleGenerativeAI({
        apiKey: endpoint.key,
        baseURL: geminiBaseUrl(endpoint.url),
        fetch: guardedFetch(outbound),
      }).embedding(modelId);
    case 'bedrock':
      return createAmazonBedrock({
        apiKey: endpoint.key,
        baseURL: origin,
        region: bedrockRegion(endpoint.url),
        fetch: guardedFetch(outbound),
      }).embedding(modelId);
    default:
      return assertNever(kind);
  }
};
