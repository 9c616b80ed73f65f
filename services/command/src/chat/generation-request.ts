import type { ModelMessage } from 'ai';
import type { ChatMessage, ChatRequest, Model } from '@app/contracts';
import type { GenerationRequest } from './generate';
import { providerKindOf } from '../endpoints/index';
import { reasoningOptions } from './providers';

/** The request's system prompt (its first message, when a system one) with the model's additional one after it. */
export const systemPromptOf = (request: ChatRequest, model: Model): string | undefined => {
  const first = request.messages[0];
  const parts = [first?.role === 'system' ? first.content : '', model.systemPrompt].filter(
    (p) => p.trim() !== '',
  );
  return parts.length > 0 ? parts.join('\n\n') : undefined;
};

const conversationOf = (messages: readonly ChatMessage[]): ModelMessage[] =>
  messages.flatMap((m): ModelMessage[] =>
    m.role === 'user'
      ? [{ role: 'user', content: m.content }]
      : m.role === 'assistant'
        ? [{ role: 'assistant', content: m.content }]
        : [],
  );

/**
 * What the provider is asked: the model's id, the system prompt (the request's, then the model's
 * additional one), the conversation, temperature, max_tokens as the output limit, and the
 * reasoning effort only for a model that supports reasoning.
 */
export const generationRequestOf = (request: ChatRequest, model: Model): GenerationRequest => {
  const kind = providerKindOf(model.provider);
  return {
    kind,
    modelId: model.id,
    system: systemPromptOf(request, model),
    messages: conversationOf(request.messages),
    temperature: request.temperature,
    maxOutputTokens: request.max_tokens,
    providerOptions: reasoningOptions(kind, request.options.reasoningLevel, model.supportsReasoning),
  };
};
