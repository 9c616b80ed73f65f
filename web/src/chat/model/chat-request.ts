import type { ChatImage, ChatMessage, ChatRequest, ReasoningLevel } from '@app/contracts';
import { keepRecentImages, withTurnImages } from '../images/request-images';
import type { ChatTurn } from './types';

/** The chat request's defaults. */
export const chatRequestDefaults = { temperature: 1, maxTokens: 1000 } as const;

export interface ChatRequestInput {
  model: { id: string; supportsReasoning: boolean; supportsImages?: boolean };
  /** The thread the new message follows, up to its parent (the new user message not included). */
  history: readonly ChatTurn[];
  userText: string;
  /** The images sent with the new message (the user's uploaded files). */
  userImages?: readonly ChatImage[];
  /** None by default; when given it comes first. */
  systemPrompt?: string;
  requestId: string;
  /** The request whose answer the new message follows (null: the first turn). */
  parentRequestId: string | null;
  conversationId: string;
  /** Sent for cloud conversations: the server keeps the name. */
  conversationName?: string;
  accountId: string;
  reasoningLevel: ReasoningLevel;
  now: Date;
  timeZone: string;
  maxTokens?: number;
}

/**
 * Earlier messages as the model reads them: answers that brought no text are left out; a user
 * message's images go again only to a model that takes images.
 */
const historyMessages = (history: readonly ChatTurn[], takesImages: boolean): ChatMessage[] =>
  history
    .filter((turn) => turn.content.trim() !== '')
    .map((turn) => withTurnImages({ role: turn.role, content: turn.content }, turn.images, takesImages));

/** The body of POST /api/chat for a new user message (pure: the caller gives the ids and the time). */
export function buildChatRequest(input: ChatRequestInput): ChatRequest {
  const system: ChatMessage[] =
    input.systemPrompt !== undefined && input.systemPrompt.trim() !== ''
      ? [{ role: 'system', content: input.systemPrompt }]
      : [];
  return {
    model: input.model.id,
    temperature: chatRequestDefaults.temperature,
    max_tokens: input.maxTokens ?? chatRequestDefaults.maxTokens,
    stream: true,
    dataSources: [],
    // The new message's images go whatever the model: one that takes none refuses them in words.
    messages: keepRecentImages([
      ...system,
      ...historyMessages(input.history, input.model.supportsImages === true),
      withTurnImages({ role: 'user', content: input.userText, type: 'prompt' }, input.userImages, true),
    ]),
    options: {
      requestId: input.requestId,
      parentRequestId: input.parentRequestId,
      conversationId: input.conversationId,
      ...(input.conversationName !== undefined ? { conversationName: input.conversationName } : {}),
      timeZone: input.timeZone,
      time: input.now.toISOString(),
      accountId: input.accountId,
      ...(input.model.supportsReasoning ? { reasoningLevel: input.reasoningLevel } : {}),
    },
  };
}

/** A new conversation's name: the start of its first message, on one line. */
export const conversationNameOf = (text: string, max = 60): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
};
