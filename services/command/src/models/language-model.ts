import type { LanguageModelV3 } from '@ai-sdk/provider';
import { assertNever } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import type { OpenedEndpoint, ProviderKind } from './endpoint';
import { providersAt } from './providers-at';

/**
 * The language model of `modelId` at one endpoint (`providersAt`): the OpenAI-wire providers send
 * their request to exactly the url the admin entered (the full chat-completions url, its query kept).
 */
export const languageModelFor = (
  kind: ProviderKind,
  modelId: string,
  endpoint: OpenedEndpoint,
  outbound: OutboundClient,
): LanguageModelV3 => {
  const at = providersAt(endpoint, endpoint, outbound);
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
