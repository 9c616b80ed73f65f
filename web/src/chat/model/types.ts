import type { ChatImage, ChatSource, ChatStopReason, ChatUsage, ConversationStorage } from '@app/contracts';

/** One message of a conversation as the chat screen keeps it. */
export interface ChatTurn {
  /** `<requestId>:user` or `<requestId>:assistant`: a request's two messages. */
  id: string;
  role: 'user' | 'assistant';
  content: string;
  requestId: string;
  /**
   * The request whose answer this message follows (null: the conversation's first turn). Absent in
   * messages kept before versions: those follow the request kept before them.
   */
  parentRequestId?: string | null;
  at: string;
  /** The model that answered (assistant messages). */
  model?: string;
  usage?: ChatUsage;
  /** Why the answer ended early (a refusal, a provider failure): shown under what was received. */
  error?: string;
  stopped?: boolean;
  /** The relay stopped the answer at a limit (its max_tokens, or the spend reserved for it). */
  stopReason?: Exclude<ChatStopReason, 'user'>;
  /** The passages retrieved from the documents sent with the question (shown under the answer). */
  sources?: ChatSource[];
  /** The images sent with a user message (the user's uploaded files, shown as thumbnails). */
  images?: ChatImage[];
}

export const turnId = (requestId: string, role: ChatTurn['role']) => `${requestId}:${role}`;

/** A conversation whose content lives in this browser (IndexedDB): the server keeps only its usage. */
export interface LocalConversation {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  messages: ChatTurn[];
  /** The version the user last turned to, per turn (`versionKey` of its parent → request id). */
  chosen?: Record<string, string>;
}

/** A row of the conversation list: the server's usage merged with what this browser holds. */
export interface ConversationListItem {
  id: string;
  /** Null: not named (a cloud conversation before its first answer, a local one kept elsewhere). */
  name: string | null;
  storage: ConversationStorage;
  cost: number;
  requests: number;
  updatedAt: string;
  /** A local conversation whose messages are in another browser: nothing to show here. */
  elsewhere: boolean;
}
