import {
  ConversationFilingResponse,
  conversationFilingRoutes,
  FilingCommandResponse,
  type CreateFolderRequest,
  type DeleteFolderRequest,
  type FileConversationRequest,
  type PinConversationRequest,
  type RenameFolderRequest,
  type TagConversationRequest,
} from '@app/contracts';
import { fetchData, postJson } from './http';

export type ConversationFilingData = ConversationFilingResponse['data'];

/** GET /api/conversations/filing: the user's folders and each conversation's folder, pin and tags. */
export const fetchConversationFiling = (waitFor?: string): Promise<ConversationFilingData> =>
  fetchData('getConversationFiling', conversationFilingRoutes.get, ConversationFilingResponse, waitFor);

/** The filing commands: each answers its position (and a new folder its id). */
const post = (call: string, path: string, body: unknown): Promise<FilingCommandResponse> =>
  postJson(call, path, FilingCommandResponse, body);

export const createFolder = (body: CreateFolderRequest) =>
  post('createFolder', conversationFilingRoutes.createFolder, body);
export const renameFolder = (body: RenameFolderRequest) =>
  post('renameFolder', conversationFilingRoutes.renameFolder, body);
export const deleteFolder = (body: DeleteFolderRequest) =>
  post('deleteFolder', conversationFilingRoutes.deleteFolder, body);
export const fileConversation = (body: FileConversationRequest) =>
  post('fileConversation', conversationFilingRoutes.file, body);
export const pinConversation = (body: PinConversationRequest, pinned: boolean) =>
  pinned
    ? post('pinConversation', conversationFilingRoutes.pin, body)
    : post('unpinConversation', conversationFilingRoutes.unpin, body);
export const tagConversation = (body: TagConversationRequest, tagged: boolean) =>
  tagged
    ? post('tagConversation', conversationFilingRoutes.tag, body)
    : post('untagConversation', conversationFilingRoutes.untag, body);
