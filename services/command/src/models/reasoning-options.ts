import type { SharedV3ProviderOptions } from '@ai-sdk/provider';
import { assertNever, type ReasoningLevel } from '@app/contracts';
import type { ProviderKind } from './endpoint';

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
