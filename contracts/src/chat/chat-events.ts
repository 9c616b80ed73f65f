import type { ChatMessage, ReasoningLevel } from './chat-request';
import type { ChatStatus, ChatStopReason, ChatUsage } from './chat-stream';
import { eventTypesOf } from '../event-types';

/** Every chat request is a stream of its own: requested, statuses, then one of completed/stopped/failed. */
export const chatStreamId = (requestId: string) => `chat-${requestId}`;

export type ConversationStorage = 'future-local' | 'future-cloud';

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
  /** Only when the conversation is stored in the cloud. */
  messages?: ChatMessage[];
}

interface Ended {
  requestId: string;
  usage: ChatUsage;
  durationMs: number;
}

export type ChatEvent =
  | { type: 'ChatRequested'; data: ChatRequestedData }
  | { type: 'ChatStatusChanged'; data: { requestId: string; status: ChatStatus } }
  /** `answer` only when the conversation is stored in the cloud. */
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
