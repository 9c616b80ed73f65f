import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { limits } from '../limits';
import { successBody } from '../success';
import { ChatId } from './chat-request';

/**
 * How a user files their conversations (docs/architecture.md, "Folders, pins and tags"): folders, the
 * folder of each conversation, pinned ones, tags. Kept per user on the server for every conversation,
 * cloud and local: a local conversation is filed by its id only (its name never leaves the browser).
 */
export const conversationFilingRoutes = {
  /** GET: the caller's folders and the filing of each of their conversations (`ConversationFilingResponse`). */
  get: '/api/conversations/filing',
  createFolder: '/api/conversations/folders/create',
  renameFolder: '/api/conversations/folders/rename',
  deleteFolder: '/api/conversations/folders/delete',
  /** POST: a conversation into a folder, or out of every folder (`folderId: null`). */
  file: '/api/conversations/filing/folder',
  pin: '/api/conversations/filing/pin',
  unpin: '/api/conversations/filing/unpin',
  tag: '/api/conversations/filing/tag',
  untag: '/api/conversations/filing/untag',
} as const;

export const filingLimits = {
  folderName: 100,
  foldersPerUser: 200,
  tag: 40,
  tagsPerConversation: 20,
} as const;

/** The filing's messages, shown to users word for word (the server's refusals and the sidebar's texts). */
export const filingMessages = {
  folderExists: (name: string) => `You already have a folder named '${name}'.`,
  noSuchFolder: (folderId: string) => `There is no folder '${folderId}' of yours.`,
  tooManyFolders: `You may have at most ${filingLimits.foldersPerUser} folders: delete one first.`,
  tooManyTags: `A conversation may have at most ${filingLimits.tagsPerConversation} tags.`,
  emptyFolderName: 'The folder name cannot be empty',
  emptyTag: 'The tag cannot be empty',
} as const;

export const FolderId = ChatId;

export const FolderName = boundedString('The folder name', filingLimits.folderName)
  .trim()
  .min(1, filingMessages.emptyFolderName);

export const TagName = boundedString('The tag', filingLimits.tag).trim().min(1, filingMessages.emptyTag);

export const CreateFolderRequest = z.strictObject({ name: FolderName });
export type CreateFolderRequest = z.infer<typeof CreateFolderRequest>;

export const RenameFolderRequest = z.strictObject({ folderId: FolderId, name: FolderName });
export type RenameFolderRequest = z.infer<typeof RenameFolderRequest>;

export const DeleteFolderRequest = z.strictObject({ folderId: FolderId });
export type DeleteFolderRequest = z.infer<typeof DeleteFolderRequest>;

export const FileConversationRequest = z.strictObject({
  conversationId: ChatId,
  folderId: FolderId.nullable(),
});
export type FileConversationRequest = z.infer<typeof FileConversationRequest>;

export const PinConversationRequest = z.strictObject({ conversationId: ChatId });
export type PinConversationRequest = z.infer<typeof PinConversationRequest>;

export const TagConversationRequest = z.strictObject({ conversationId: ChatId, tag: TagName });
export type TagConversationRequest = z.infer<typeof TagConversationRequest>;

/** A filing command's answer: `position` for `?waitFor=` ('0' when nothing changed); a new folder's id. */
export const FilingCommandResponse = successBody({
  position: boundedString('The position', limits.positionLength),
  folderId: FolderId.optional(),
});
export type FilingCommandResponse = z.infer<typeof FilingCommandResponse>;

export const ConversationFolder = z.object({ id: FolderId, name: z.string().max(filingLimits.folderName) });
export type ConversationFolder = z.infer<typeof ConversationFolder>;

export const ConversationFiling = z.object({
  conversationId: ChatId,
  folderId: FolderId.nullable(),
  pinned: z.boolean(),
  tags: z.array(z.string().max(filingLimits.tag)).max(filingLimits.tagsPerConversation),
});
export type ConversationFiling = z.infer<typeof ConversationFiling>;

export const ConversationFilingResponse = successBody({
  data: z.object({
    folders: boundedList(ConversationFolder, 'Folders', filingLimits.foldersPerUser),
    conversations: boundedList(ConversationFiling, 'Filed conversations', 10_000),
  }),
});
export type ConversationFilingResponse = z.infer<typeof ConversationFilingResponse>;

/** The stream of one user's filing. */
export const conversationFilingStreamId = (owner: string) => `conversation-filing-${owner}`;

export type ConversationFilingEvent =
  | { type: 'FolderCreated'; data: { folderId: string; name: string } }
  | { type: 'FolderRenamed'; data: { folderId: string; name: string } }
  /** Its conversations move out of it (unfiled), nothing else of theirs changes. */
  | { type: 'FolderDeleted'; data: { folderId: string } }
  /** `folderId` null: out of every folder. */
  | { type: 'ConversationFiled'; data: { conversationId: string; folderId: string | null } }
  | { type: 'ConversationPinned'; data: { conversationId: string } }
  | { type: 'ConversationUnpinned'; data: { conversationId: string } }
  | { type: 'ConversationTagged'; data: { conversationId: string; tag: string } }
  | { type: 'ConversationUntagged'; data: { conversationId: string; tag: string } };

export const conversationFilingEventTypes = [
  'FolderCreated',
  'FolderRenamed',
  'FolderDeleted',
  'ConversationFiled',
  'ConversationPinned',
  'ConversationUnpinned',
  'ConversationTagged',
  'ConversationUntagged',
] as const satisfies readonly ConversationFilingEvent['type'][];
