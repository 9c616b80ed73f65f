import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { OutboundClient } from '@app/platform';
import { bedrockRegion, geminiBaseUrl, type OpenedEndpoint } from './endpoint';
import { exactUrlFetch, guardedFetch } from './provider-fetch';

/**
 * The AI SDK providers at one endpoint, for its language and embedding models alike. Every call goes
 * through the guarded outbound client. The OpenAI-wire providers (OpenAI, Azure, OpenAI-compatible)
 * send their request to exactly `exact.url` with the key as both `api-key` and `Authorization:
 * Bearer`; Gemini and Bedrock build their own paths below the endpoint's url.
 */
export const providersAt = (endpoint: OpenedEndpoint, exact: OpenedEndpoint, outbound: OutboundClient) => {
  const origin = new URL(endpoint.url).origin;
  const apiKey = endpoint.key;
  const exactFetch = exactUrlFetch(outbound, exact);
  return {
    openai: () => createOpenAI({ apiKey, baseURL: `${origin}/v1`, fetch: exactFetch }),
    azure: () => createAzure({ apiKey, baseURL: `${origin}/openai`, fetch: exactFetch }),
    openaiCompatible: (extra: { includeUsage?: boolean } = {}) =>
      createOpenAICompatible({
        name: 'openaiCompatible',
        apiKey,
        baseURL: `${origin}/v1`,
        ...extra,
        fetch: exactFetch,
      }),
    gemini: () =>
      createGoogleGenerativeAI({
        apiKey,
        baseURL: geminiBaseUrl(endpoint.url),
        fetch: guardedFetch(outbound),
      }),
    bedrock: () =>
      createAmazonBedrock({
        apiKey,
        baseURL: origin,
        region: bedrockRegion(endpoint.url),
        fetch: guardedFetch(outbound),
      }),
  };
};
