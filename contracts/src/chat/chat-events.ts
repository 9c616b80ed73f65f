import type { ChatMessage, ReasoningLevel } from './chat-request';
import type { ChatStatus, ChatStopReason, ChatUsage } from './chat-stream';
import type { SealedText } from './sealed-text';
import { eventTypesOf } from '../event-types';

/** Every chat request is a stream of its own: requested, statuses, then one of completed/stopped/failed. */
export const chatStreamId = (requestId: string) => `chat-${requestId}`;

export type ConversationStorage = 'future-local' | 'future-cloud';

/** The API a request came through besides the relay's own route: the OpenAI-compatible one, with the key's id. */
export interface ChatVia {
  api: 'openai';
  /** The API key it was made with (none: a signed-in session). */
  apiKeyId?: string;
}

export interface ChatRequestedData {
  requestId: string;
  model: string;
  conversationId?: string;
  /** The request this one follows in its conversation (`options.parentRequestId`), when the client named it. */
  parentRequestId?: string | null;
  accountId: string;
  maxTokens: number;
  reasoningLevel?: ReasoningLevel;
  /** The assistant used (`options.assistantId`), when any. */
  assistantId?: string;
  /** Dollars reserved against the caller's limits: the worst case (its input's bound and max_tokens). */
  reserved: number;
  messageCount: number;
  storage: ConversationStorage;
  /**
   * The request's kept messages (its last user message) in clear: only in events from before cloud
   * text was sealed (still read, never written).
   */
  messages?: ChatMessage[];
  /**
   * A cloud conversation's kept messages, sealed under the conversation's data key (sealed-text.ts,
   * purpose `chatMessages`): the JSON of a ChatMessage[]. Shredded when the conversation is deleted.
   */
  sealedMessages?: SealedText;
  /** Made through the OpenAI-compatible API (`/v1/chat/completions`); absent: `POST /api/chat`. */
  via?: ChatVia;
}

interface Ended {
  requestId: string;
  usage: ChatUsage;
  durationMs: number;
  /** A cloud conversation's answer, sealed under its data key (purpose `chatAnswer`). */
  sealedAnswer?: SealedText;
}

export type ChatEvent =
  | { type: 'ChatRequested'; data: ChatRequestedData }
  | { type: 'ChatStatusChanged'; data: { requestId: string; status: ChatStatus } }
  /** `answer` (in clear) only in cloud conversations' events from before `sealedAnswer`. */
  | { type: 'ChatCompleted'; data: Ended & { answer?: string } }
  /** `reason` is absent on answers stopped before it was recorded (a kill switch then). */
  | { type: 'ChatStopped'; data: Ended & { answer?: string; reason?: ChatStopReason } }
  | { type: 'ChatFailed'; data: Ended & { message: string; answer?: string } };

export const chatEventTypes = eventTypesOf<ChatEvent>({
  ChatRequested: true,
  ChatStatusChanged: true,
  ChatCompleted: true,
  ChatStopped: true,
  ChatFailed: true,
});
