import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { limits } from '../limits';
import { ChatId } from './chat-request';
import { ChatImage, chatImageLimits } from './chat-images';
import { ConversationSettings, type ConversationSettingsChangedData } from './conversation-settings';
import { AnswerRating } from './feedback';
import type { ConversationImportedData } from './conversation-import-event';
import { successBody, successList } from '../success';

/**
 * The caller's conversations. A `future-cloud` conversation is kept by the server (its messages, its
 * name); a `future-local` one lives in the browser (IndexedDB) and the server keeps only its usage.
 */
export const conversationRoutes = {
  list: '/api/conversations',
  messagesPattern: '/api/conversations/:conversationId/messages',
  messages: (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
  /** GET: the caller's latest rating of each rated answer of the conversation (`ConversationRatingsResponse`). */
  ratingsPattern: '/api/conversations/:conversationId/ratings',
  ratings: (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}/ratings`,
  rename: '/api/conversations/rename',
  delete: '/api/conversations/delete',
  /** POST: the caller turned to a version of a turn (`ChooseVersionRequest`). */
  chooseVersion: '/api/conversations/choose-version',
  /** POST: the settings of one of the caller's cloud conversations (`ConversationSettingsRequest`). */
  settings: '/api/conversations/settings',
  /** GET: the caller's cloud conversations holding words (`ConversationSearchQuery`, conversation-search.ts). */
  search: '/api/conversations/search',
} as const;

export const conversationStorages = ['future-local', 'future-cloud'] as const;
export const ConversationStorageChoice = z.enum(conversationStorages);

export const ConversationSummary = z.object({
  id: ChatId,
  /** Null for a local conversation (its name lives in the browser) or a cloud one not named yet. */
  name: z.string().max(200).nullable(),
  storage: ConversationStorageChoice,
  /** Dollars spent in it so far. */
  cost: z.number().nonnegative(),
  requests: z.number().int().nonnegative(),
  updatedAt: z.string().max(64),
  /** The model and the assistant of its latest request (null or absent: not known, a row from before). */
  model: z.string().max(200).nullable().optional(),
  assistantId: z.string().max(200).nullable().optional(),
  /** A cloud conversation's own settings (conversation-settings.ts); absent: none saved. */
  settings: ConversationSettings.optional(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationsResponse = successBody({
  data: boundedList(ConversationSummary, 'Conversations', 10_000),
});
export type ConversationsResponse = z.infer<typeof ConversationsResponse>;

export const StoredChatMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  requestId: ChatId,
  at: z.string().max(64),
  /** The images a user message was sent with (chat-images.ts). */
  images: z.array(ChatImage).max(chatImageLimits.perMessage).optional(),
  /**
   * The request this message's request follows (its turn's parent; null: the first turn). For a
   * request recorded without one: the request before it in the conversation.
   */
  parentRequestId: ChatId.nullable(),
  /**
   * True on the messages of the version of its turn the user last turned to; all of a turn's false
   * when none was turned to since its newest version was made (the client then shows the newest).
   */
  chosen: z.boolean(),
  /** On an answer: the conversation's owner's latest rating of it (feedback.ts); absent: not rated. */
  rating: AnswerRating.optional(),
});
export type StoredChatMessage = z.infer<typeof StoredChatMessage>;

export const ConversationMessagesResponse = successList(StoredChatMessage);
export type ConversationMessagesResponse = z.infer<typeof ConversationMessagesResponse>;

export const RenameConversationRequest = z.object({
  conversationId: ChatId,
  name: boundedString('The conversation name', 200).trim().min(1, 'The conversation name cannot be empty'),
});
export type RenameConversationRequest = z.infer<typeof RenameConversationRequest>;

export const DeleteConversationRequest = z.object({ conversationId: ChatId });
export type DeleteConversationRequest = z.infer<typeof DeleteConversationRequest>;

/** The user turned to the version `requestId` of its turn (a request of that conversation of theirs). */
export const ChooseVersionRequest = z.object({ conversationId: ChatId, requestId: ChatId });
export type ChooseVersionRequest = z.infer<typeof ChooseVersionRequest>;

/** Versions' messages, shown to users word for word. */
export const versionMessages = {
  /** A version turned to that is not a request of that conversation of the caller's: a 404. */
  noSuchVersion: (requestId: string) => `There is no request '${requestId}' in this conversation of yours.`,
} as const;

/** The answer of a rename or a delete: `position` for `?waitFor=` ('0' when nothing changed). */
export const ConversationCommandResponse = successBody({
  position: boundedString('The position', limits.positionLength),
});
export type ConversationCommandResponse = z.infer<typeof ConversationCommandResponse>;

export const conversationStreamId = (owner: string, conversationId: string) =>
  `conversation-${owner}-${conversationId}`;

export type ConversationEvent =
  | { type: 'ConversationRenamed'; data: { conversationId: string; name: string } }
  | { type: 'ConversationDeleted'; data: { conversationId: string } }
  /** The user turned to the version `requestId` of its turn (the versions are the requests that follow the same one). */
  | { type: 'ConversationVersionChosen'; data: { conversationId: string; requestId: string } }
  /** The conversation's own settings saved (instructions for its system prompt, its temperature). */
  | { type: 'ConversationSettingsChanged'; data: ConversationSettingsChangedData }
  /** A conversation imported from a file into the cloud (conversation-export.ts): its whole turns tree. */
  | { type: 'ConversationImported'; data: ConversationImportedData };
