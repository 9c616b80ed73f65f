import type {
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3ToolChoice,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import type { ModelMessage, ToolSet } from 'ai';
import type { ChatMessage, ChatRequest, Model } from '@app/contracts';
import { providerKindOf, reasoningOptions, type ProviderKind } from '../models/index';
import type { CallBudget } from './call-budget';
import type { LoadedImages } from './chat-images';

/** The tools a chat request offers the model (an assistant's ops), as AI SDK tools, and how many steps. */
export interface ChatTools {
  set: ToolSet;
  /** Model calls at most (each answering tool calls, the last one answering text). */
  maxSteps: number;
  /** The tools as the provider is given them (`functionToolsOf(set)`): the reservation counts them. */
  definitions: LanguageModelV3FunctionTool[];
  /** The status line while a tool runs ('Calling <op name>...'). */
  statusOf(name: string): string;
}

/**
 * A client's own function tools (the OpenAI-compatible API): offered to the model without being run,
 * its calls handed back to the client; the conversation with its tool calls and results as the
 * provider takes it (it replaces `messages` in the prompt).
 */
export interface ClientTools {
  definitions: LanguageModelV3FunctionTool[];
  choice: LanguageModelV3ToolChoice;
  conversation: LanguageModelV3Message[];
}

/** What is asked of the model, whichever endpoint answers. */
export interface GenerationRequest {
  kind: ProviderKind;
  modelId: string;
  system: string | undefined;
  messages: ModelMessage[];
  temperature: number;
  maxOutputTokens: number;
  providerOptions: SharedV3ProviderOptions | undefined;
  /** Tools offered to the model (an assistant's ops): the answer may take several steps. */
  tools?: ChatTools | undefined;
  /** A client's tools (never with `tools`): one call, its tool calls answered to the client. */
  clientTools?: ClientTools | undefined;
  /**
   * What the request reserved: each call's output is counted and stopped at its allowance (its
   * `max_tokens`, or what is left reserved). Without one (provider tests), nothing is stopped.
   */
  budget?: CallBudget | undefined;
}

/** The request's system prompt (its first message, when a system one) with the model's additional one after it. */
export const systemPromptOf = (request: ChatRequest, model: Model): string | undefined => {
  const first = request.messages[0];
  const parts = [first?.role === 'system' ? first.content : '', model.systemPrompt].filter(
    (p) => p.trim() !== '',
  );
  return parts.length > 0 ? parts.join('\n\n') : undefined;
};

/** A user message: its text, then its images (read from the store) as image parts. */
const userMessageOf = (m: ChatMessage, images: LoadedImages): ModelMessage => {
  const parts = (m.images ?? []).flatMap((i) => {
    const image = images.get(i.key);
    return image ? [{ type: 'image' as const, image: image.bytes, mediaType: image.mediaType }] : [];
  });
  return parts.length === 0
    ? { role: 'user', content: m.content }
    : { role: 'user', content: [{ type: 'text', text: m.content }, ...parts] };
};

const conversationOf = (messages: readonly ChatMessage[], images: LoadedImages): ModelMessage[] =>
  messages.flatMap((m): ModelMessage[] =>
    m.role === 'user'
      ? [userMessageOf(m, images)]
      : m.role === 'assistant'
        ? [{ role: 'assistant', content: m.content }]
        : [],
  );

/**
 * What the provider is asked: the model's id, the system prompt (the request's, then the model's
 * additional one), the conversation, temperature, max_tokens as the output limit, and the
 * reasoning effort only for a model that supports reasoning. A user message's images (`images`, read
 * by loadChatImages) go with its text as image parts.
 */
export const generationRequestOf = (
  request: ChatRequest,
  model: Model,
  images: LoadedImages = new Map(),
): GenerationRequest => {
  const kind = providerKindOf(model.provider);
  return {
    kind,
    modelId: model.id,
    system: systemPromptOf(request, model),
    messages: conversationOf(request.messages, images),
    temperature: request.temperature,
    maxOutputTokens: request.max_tokens,
    providerOptions: reasoningOptions(kind, request.options.reasoningLevel, model.supportsReasoning),
  };
};
