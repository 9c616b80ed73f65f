import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  chatMessages,
  conversationExportRoutes,
  conversationFileFormat,
  conversationFileVersion,
  conversationMarkdown,
  ExportAllQuery,
  ExportQuery,
  type ConversationFile,
} from '@app/contracts';
import { exportedConversationsFile, readExportedConversation } from '../read/conversation-export';
import { readRoute } from './read-route';
import { ConversationParams } from './conversations';

/** A download's file name: the conversation's name in letters, digits and dashes. */
export const downloadName = (name: string, extension: string): string => {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug === '' ? 'conversation' : slug}.${extension}`;
};

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * GET /api/conversations/:conversationId/export?format=json|markdown: one of the caller's cloud
 * conversations as a download (a conversations file holding it, or Markdown); 404 for any other.
 */
export const conversationExportRoute = readRoute({
  url: conversationExportRoutes.onePattern,
  who: 'user',
  description:
    "One of the caller's cloud conversations as a download, every version of every turn: a conversations file (JSON) or Markdown (404 when it is not theirs).",
  params: ConversationParams,
  query: ExportQuery,
  answer: z.string().describe('The file'),
  notFound: true,
  handle: async ({ principal, params, query }, { db }, reply) => {
    const { conversationId } = params;
    const conversation = await readExportedConversation(db, principal, conversationId);
    if (conversation === null)
      return reply
        .code(404)
        .send({ success: false, message: chatMessages.noSuchConversation(conversationId) });
    if (query.format === 'markdown')
      return reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('content-disposition', attachment(downloadName(conversation.name, 'md')))
        .send(Buffer.from(conversationMarkdown(conversation)));
    const file: ConversationFile = {
      format: conversationFileFormat,
      version: conversationFileVersion,
      exportedAt: new Date().toISOString(),
      conversations: [conversation],
    };
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', attachment(downloadName(conversation.name, 'json')))
      .send(Buffer.from(JSON.stringify(file)));
  },
});

/** GET /api/conversations/export?format=json: all the caller's cloud conversations, one file, streamed. */
export const conversationsExportRoute = readRoute({
  url: conversationExportRoutes.all,
  who: 'user',
  description:
    "All the caller's cloud conversations (the newest 1,000) as one conversations file (JSON), streamed as a download.",
  query: ExportAllQuery,
  answer: z.string().describe('The file'),
  handle: async ({ principal }, { db }, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', attachment('conversations.json'))
      .send(Readable.from(exportedConversationsFile(db, principal, new Date().toISOString()))),
});
