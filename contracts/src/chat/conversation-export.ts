import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { limits } from '../limits';
import { successBody } from '../success';
import { WaitForQuery } from '../http/events';
import { ConversationStorageChoice } from './conversations';

/**
 * The file conversations are exported to and imported from (docs/conversation-format.md): a format
 * name and version, when it was exported, and each conversation with every version of every turn as
 * a tree (each turn names the turn it follows; turns following the same one are its versions).
 */
export const conversationFileFormat = 'amplify-conversations';
export const conversationFileVersion = 1;

export const conversationFileLimits = {
  /** Bytes of an import's body (the JSON of its file). */
  bodyBytes: 10 * 1024 * 1024,
  conversations: 1_000,
  /** Turns (a question and its answer) of one file, over all its conversations. */
  turns: 10_000,
  /** Characters of one question or one answer. */
  text: 1_000_000,
  /** Characters of an id, a name, a model, a date. */
  short: 200,
  imagesPerTurn: 10,
} as const;

const short = (field: string) => boundedString(field, conversationFileLimits.short);

export const ExportedTurn = z.object({
  /** The turn's own id in the file (a new one is made on import). */
  requestId: short('The request id').min(1),
  /** The turn it follows (null: the first turn); turns following the same one are its versions. */
  parentRequestId: short('The parent request id').min(1).nullable(),
  question: boundedString('The question', conversationFileLimits.text),
  /** The names of the images the question was sent with (the images themselves are not exported). */
  imageNames: boundedList(short('The image name'), 'Images', conversationFileLimits.imagesPerTurn).optional(),
  /** Null: no answer was kept (it failed, or is still running). */
  answer: boundedString('The answer', conversationFileLimits.text).nullable(),
  model: short('The model').nullable(),
  assistantId: short('The assistant').nullable().optional(),
  /** When the question was asked (ISO 8601). */
  at: short('The time'),
  tokensIn: z.number().int().nonnegative().nullable(),
  tokensOut: z.number().int().nonnegative().nullable(),
  /** Dollars the turn cost. */
  cost: z.number().nonnegative().nullable(),
  /** The version of its turn the user last turned to (none of a turn's: its newest is read). */
  chosen: z.boolean(),
});
export type ExportedTurn = z.infer<typeof ExportedTurn>;

export const ExportedConversation = z.object({
  id: short('The conversation id').min(1),
  name: boundedString('The conversation name', 200),
  storage: ConversationStorageChoice,
  createdAt: short('Created at'),
  updatedAt: short('Updated at'),
  /** Parents before their children; a turn's versions in the order they were made. */
  turns: boundedList(ExportedTurn, 'Turns', conversationFileLimits.turns),
});
export type ExportedConversation = z.infer<typeof ExportedConversation>;

export const ConversationFile = z.object({
  format: z.literal(conversationFileFormat),
  version: z.literal(conversationFileVersion),
  exportedAt: short('Exported at'),
  conversations: boundedList(ExportedConversation, 'Conversations', conversationFileLimits.conversations),
});
export type ConversationFile = z.infer<typeof ConversationFile>;

export const exportFormats = ['json', 'markdown'] as const;
/** The export's query: its format, and `?waitFor=` (read-your-writes) as every read route takes it. */
export const ExportQuery = WaitForQuery.extend({ format: z.enum(exportFormats).default('json') });
export const ExportAllQuery = WaitForQuery.extend({ format: z.literal('json').default('json') });

export const conversationExportRoutes = {
  /** GET: one of the caller's cloud conversations as a download (`?format=json|markdown`). */
  onePattern: '/api/conversations/:conversationId/export',
  one: (conversationId: string, format: (typeof exportFormats)[number]) =>
    `/api/conversations/${encodeURIComponent(conversationId)}/export?format=${format}`,
  /** GET: all the caller's cloud conversations as one JSON download. */
  all: '/api/conversations/export',
  /** POST: conversations from a file (ours, or ChatGPT's `conversations.json`), `ImportConversationsRequest`. */
  import: '/api/conversations/import',
} as const;

/** An import: where to keep the conversations, and the file's JSON as read. */
export const ImportConversationsRequest = z.object({
  storage: ConversationStorageChoice,
  file: z.unknown(),
});
export type ImportConversationsRequest = z.infer<typeof ImportConversationsRequest>;

/** A conversation of the file that cannot be read: its place in the file (from 1), its title, why. */
export const ImportProblem = z.object({
  index: z.number().int().nonnegative(),
  title: boundedString('The title', 200),
  message: boundedString('The message', limits.answerMessageLength),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

/**
 * An import's answer: the conversations as kept (new ids; for `future-local` the browser stores
 * them), and `position` for `?waitFor=` ('0' when nothing was appended).
 */
export const ImportConversationsResponse = successBody({
  imported: z.number().int().nonnegative(),
  conversations: boundedList(ExportedConversation, 'Conversations', conversationFileLimits.conversations),
  /** The new cloud conversations' ids (none for `future-local`). */
  ids: boundedList(short('The conversation id'), 'Conversations', conversationFileLimits.conversations),
  position: boundedString('The position', limits.positionLength),
});
export type ImportConversationsResponse = z.infer<typeof ImportConversationsResponse>;

/** An import refused (400): the message, and each conversation that could not be read. */
export const ImportRefusedResponse = z.object({
  success: z.literal(false),
  message: boundedString('The message', limits.answerMessageLength),
  problems: boundedList(ImportProblem, 'Problems', conversationFileLimits.conversations).optional(),
});
export type ImportRefusedResponse = z.infer<typeof ImportRefusedResponse>;

/** Import and export messages, shown to users word for word. */
export const conversationFileMessages = {
  notAFile:
    'This file is neither a conversations export of this application nor a ChatGPT conversations.json.',
  tooManyConversations: (n: number) =>
    `The file holds ${n} conversations; at most ${conversationFileLimits.conversations} can be imported at once.`,
  tooManyTurns: (n: number) =>
    `The file holds ${n} messages; at most ${conversationFileLimits.turns} can be imported at once.`,
  tooLarge: `The file is larger than ${conversationFileLimits.bodyBytes / 1024 / 1024} MB.`,
  unreadable: (n: number) =>
    n === 1
      ? 'One conversation of the file cannot be read: nothing was imported.'
      : `${n} conversations of the file cannot be read: nothing was imported.`,
  noParent: (requestId: string) => `Its message '${requestId}' follows one that is not in the conversation.`,
  duplicateTurn: (requestId: string) => `Its message '${requestId}' appears twice.`,
  empty: 'It has no messages.',
  imported: (n: number) => (n === 1 ? 'Imported 1 conversation.' : `Imported ${n} conversations.`),
  exportFailed: 'The conversations could not be exported. Try again.',
  moved: 'Moved.',
} as const;
