import { z } from 'zod';
import {
  ConversationFile,
  conversationExportRoutes,
  ImportConversationsResponse,
  ImportRefusedResponse,
  type ConversationStorage,
} from '@app/contracts';
import { ApiError } from './http';
import { relayJson, relayTexts } from './relay';

/** GET one cloud conversation's export as JSON: the conversations file holding it. */
export async function fetchConversationFile(conversationId: string): Promise<ConversationFile> {
  const path = conversationExportRoutes.one(conversationId, 'json');
  return (await relayJson('exportConversation', path, ConversationFile)).body;
}

/** GET one cloud conversation's export as Markdown: its text. */
export async function fetchConversationMarkdown(conversationId: string): Promise<string> {
  const call = 'exportConversation';
  let response: Response;
  try {
    response = await fetch(conversationExportRoutes.one(conversationId, 'markdown'), {
      credentials: 'same-origin',
      headers: { accept: 'text/markdown' },
    });
  } catch {
    throw new ApiError(relayTexts.network(call), 'network');
  }
  if (!response.ok)
    throw new ApiError(relayTexts.status(call, response.statusText), 'status', response.status);
  return response.text();
}

/** GET every cloud conversation of the caller as one conversations file. */
export async function fetchAllConversationsFile(): Promise<ConversationFile> {
  return (await relayJson('exportConversations', conversationExportRoutes.all, ConversationFile)).body;
}

export const ImportAnswer = z.union([ImportConversationsResponse, ImportRefusedResponse]);
export type ImportAnswer = z.infer<typeof ImportAnswer>;

/** POST an import: the conversations kept (or, 400, why none was and which could not be read). */
export async function postImport(storage: ConversationStorage, file: unknown): Promise<ImportAnswer> {
  return (
    await relayJson('importConversations', conversationExportRoutes.import, ImportAnswer, {
      method: 'POST',
      body: { storage, file },
      acceptStatuses: [400],
    })
  ).body;
}
