import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import { assertNever, isCredentialParam } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import { providersAt, type OpenedEndpoint, type ProviderKind } from '../models/index';

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
  const at = providersAt(
    endpoint,
    { ...endpoint, url: embeddingsCallUrl(kind, modelId, endpoint.url) },
    outbound,
  );
  switch (kind) {
    case 'openai':
      return at.openai().embedding(modelId);
    case 'azure':
      return at.azure().embedding(modelId);
    case 'openai-compatible':
      return at.openaiCompatible().embeddingModel(modelId);
    case 'gemini':
      return at.gemini().embedding(modelId);
    case 'bedrock':
      return at.bedrock().embedding(modelId);
    default:
      return assertNever(kind);
  }
};
