import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import { assertNever, isCredentialParam } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import {
  bedrockRegion,
  exactUrlFetch,
  geminiBaseUrl,
  guardedFetch,
  type OpenedEndpoint,
  type ProviderKind,
} from '../models/index';

/** The api-version of an Azure embeddings call on a deployment. */
export const azureEmbeddingsApiVersion = '2024-02-01';

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

/** An Azure endpoint entered as its resource (`https://<name>.openai.azure.com[/openai]`), no deployment path. */
const isAzureResource = (u: URL): boolean => /^(?:\/openai)?\/*$/.test(u.pathname);

/**
 * The url the OpenAI-wire providers' embeddings request goes to, for the embedder and the endpoint
 * test alike: an Azure endpoint entered as its resource is asked on its deployment
 * (`openai/deployments/<model>/embeddings?api-version=2024-02-01`, credentials in its query kept);
 * every other url as embeddingsUrlOf says (as entered; `/chat/completions` becomes `/embeddings`).
 */
export const embeddingsCallUrl = (kind: ProviderKind, modelId: string, url: string): string => {
  const u = new URL(url);
  if (kind !== 'azure' || !isAzureResource(u)) return embeddingsUrlOf(url);
  const target = new URL(`/openai/deployments/${encodeURIComponent(modelId)}/embeddings`, u.origin);
  target.searchParams.set('api-version', azureEmbeddingsApiVersion);
  for (const [name, value] of u.searchParams)
    if (isCredentialParam(name)) target.searchParams.append(name, value);
  return target.href;
};

/**
 * The embedding model of `modelId` at one endpoint, the provider picked as chat picks it
 * (`providerKindOf`). Every call goes through the guarded outbound client; the OpenAI-wire providers
 * send to exactly `embeddingsCallUrl` with the key as `api-key` and `Authorization: Bearer` (no key
 * header for a keyless server).
 */
export const embeddingModelFor = (
  kind: ProviderKind,
  modelId: string,
  endpoint: OpenedEndpoint,
  outbound: OutboundClient,
): EmbeddingModelV3 => {
  const exact = { ...endpoint, url: embeddingsCallUrl(kind, modelId, endpoint.url) };
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
