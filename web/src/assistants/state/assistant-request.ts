import { assistantChatParams, chatLimits, standardConversation, type ChatRequest } from '@app/contracts';

/** The assistant chosen in the chat: 'chat' (the Standard Conversation), or one assistant's id (`astp/`, `astgp/`...). */
export type AssistantChoice = string;

/** True when no assistant is used. */
export const isStandardConversation = (choice: AssistantChoice | null): boolean =>
  choice === null || choice === standardConversation.id;

/**
 * The chat request with the chosen assistant: its id in `options.assistantId`, temperature 0.7 and
 * max tokens half the model's output limit (2000 when it has none). The Standard
 * Conversation leaves the request as it is.
 */
export const withAssistant = (
  request: ChatRequest,
  choice: AssistantChoice | null,
  outputTokenLimit: number | null | undefined,
): ChatRequest => {
  if (choice === null || isStandardConversation(choice)) return request;
  const params = assistantChatParams(outputTokenLimit);
  return {
    ...request,
    temperature: params.temperature,
    max_tokens: Math.min(params.max_tokens, chatLimits.maxTokens),
    options: { ...request.options, assistantId: choice },
  };
};
