import { z } from 'zod';
import {
  ConversationFile,
  conversationFileFormat,
  conversationFileLimits,
  conversationFileMessages,
  ExportedConversation,
  type ImportProblem,
} from './conversation-export';
import { chatGptTitle, ChatGptConversation, fromChatGpt, looksLikeChatGpt } from './chatgpt-conversations';
import { oneChosenPerTurn, orderedTree } from './conversation-tree';
import type { ConversationStorage } from './chat-events';

export type ReadFile =
  | { ok: true; conversations: ExportedConversation[] }
  | { ok: false; message: string; problems?: ImportProblem[] };

const firstIssue = (error: z.ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return 'It cannot be read.';
  const where = issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
  return `${issue.message}${where}`.slice(0, 500);
};

const titleOf = (value: unknown): string => {
  const name = typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name.slice(0, 200) : chatGptTitle(value);
};

/** One conversation of the file as ours, or why it cannot be read. */
const readOne = (value: unknown, chatGpt: boolean, now: string): ExportedConversation | string => {
  if (chatGpt) {
    const parsed = ChatGptConversation.safeParse(value);
    if (!parsed.success) return firstIssue(parsed.error);
    const converted = ExportedConversation.safeParse(fromChatGpt(parsed.data, now));
    return converted.success ? converted.data : firstIssue(converted.error);
  }
  const parsed = ExportedConversation.safeParse(value);
  return parsed.success ? parsed.data : firstIssue(parsed.error);
};

/**
 * A conversation checked and given new ids: its turns parents first, at most one chosen version per
 * turn, every request id and its own id made by `newId` (an id of the file is never kept, so an
 * import cannot reach anyone's conversation), kept in `storage`. Or why it cannot be read.
 */
const normalised = (
  conversation: ExportedConversation,
  storage: ConversationStorage,
  newId: () => string,
): ExportedConversation | string => {
  if (conversation.turns.length === 0) return conversationFileMessages.empty;
  const ordered = orderedTree(conversation.turns);
  if (!Array.isArray(ordered))
    return ordered.kind === 'duplicate'
      ? conversationFileMessages.duplicateTurn(ordered.requestId)
      : conversationFileMessages.noParent(ordered.requestId);
  const ids = new Map(ordered.map((t) => [t.requestId, newId()]));
  const turns = oneChosenPerTurn(ordered).map((t) => ({
    ...t,
    requestId: ids.get(t.requestId) ?? newId(),
    parentRequestId: t.parentRequestId === null ? null : (ids.get(t.parentRequestId) ?? null),
  }));
  return { ...conversation, id: newId(), name: conversation.name.trim() || 'Untitled', storage, turns };
};

/**
 * An import's file read: ours (`format` 'amplify-conversations') or ChatGPT's `conversations.json`,
 * at most `conversationFileLimits.conversations` conversations and `.turns` turns; every
 * conversation checked before any is kept, so a file with one that cannot be read imports nothing
 * (each such one listed, with its place and title).
 */
export const readConversationFile = (
  file: unknown,
  at: { storage: ConversationStorage; newId: () => string; now: string },
): ReadFile => {
  const chatGpt = looksLikeChatGpt(file);
  let items: unknown[];
  if (chatGpt) items = file;
  else {
    const head = z
      .object({ format: z.literal(conversationFileFormat), conversations: z.array(z.unknown()) })
      .safeParse(file);
    if (!head.success) return { ok: false, message: conversationFileMessages.notAFile };
    const version = ConversationFile.shape.version.safeParse((file as { version?: unknown }).version);
    if (!version.success) return { ok: false, message: conversationFileMessages.notAFile };
    items = head.data.conversations;
  }
  if (items.length > conversationFileLimits.conversations)
    return { ok: false, message: conversationFileMessages.tooManyConversations(items.length) };
  const problems: ImportProblem[] = [];
  const conversations: ExportedConversation[] = [];
  items.forEach((item, i) => {
    const read = readOne(item, chatGpt, at.now);
    const result = typeof read === 'string' ? read : normalised(read, at.storage, at.newId);
    if (typeof result === 'string') problems.push({ index: i + 1, title: titleOf(item), message: result });
    else conversations.push(result);
  });
  if (problems.length > 0)
    return { ok: false, message: conversationFileMessages.unreadable(problems.length), problems };
  const turns = conversations.reduce((n, c) => n + c.turns.length, 0);
  if (turns > conversationFileLimits.turns)
    return { ok: false, message: conversationFileMessages.tooManyTurns(turns) };
  return { ok: true, conversations };
};
