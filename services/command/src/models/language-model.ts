import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { assertNever } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import { bedrockRegion, geminiBaseUrl, type OpenedEndpoint, type ProviderKind } from './endpoint';
import { exactUrlFetch, guardedFetch } from './provider-fetch';

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
