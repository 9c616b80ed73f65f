import {
  ConversationCommandResponse,
  ConversationMessagesResponse,
  conversationRoutes,
  ConversationsResponse,
  type ChooseVersionRequest,
  type ConversationSummary,
  type DeleteConversationRequest,
  type RenameConversationRequest,
  type StoredChatMessage,
} from '@app/contracts';
import { z } from 'zod';
import { postForPosition } from './http';
import { relayJson } from './relay';

/** GET /api/conversations: the caller's conversations (local ones carry only their usage). */
export async function fetchConversations(): Promise<ConversationSummary[]> {
  return (await relayJson('getConversations', conversationRoutes.list, ConversationsResponse)).body.data;
}

/** GET /api/conversations/<id>/messages: a cloud conversation's messages. */
export async function fetchConversationMessages(conversationId: string): Promise<StoredChatMessage[]> {
  const path = conversationRoutes.messages(conversationId);
  return (await relayJson('getConversationMessages', path, ConversationMessagesResponse)).body.data;
}

export async function renameConversation(request: RenameConversationRequest): Promise<void> {
  await relayJson('renameConversation', conversationRoutes.rename, z.unknown(), {
    method: 'POST',
    body: request,
  });
}

export async function deleteConversation(request: DeleteConversationRequest): Promise<void> {
  await relayJson('deleteConversation', conversationRoutes.delete, z.unknown(), {
    method: 'POST',
    body: request,
  });
}

/** POST choose-version: records the version of a turn the user turned to; the position to wait for. */
export async function chooseVersion(request: ChooseVersionRequest): Promise<string> {
  return postForPosition(
    'chooseVersion',
    conversationRoutes.chooseVersion,
    ConversationCommandResponse,
    request,
  );
}
