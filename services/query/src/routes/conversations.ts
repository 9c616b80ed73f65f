import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatId,
  chatMessages,
  ConversationMessagesResponse,
  conversationRoutes,
  ConversationsResponse,
  ErrorResponse,
  errorResponses,
  WaitForQuery,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { readConversationMessages, readConversations } from '../read/conversations';
import { waitForPosition } from '../read/wait-for';

export const ConversationParams = z.object({ conversationId: ChatId });

/**
 * GET /api/conversations: the caller's conversations, newest first. GET
 * /api/conversations/:conversationId/messages: the messages of one of them kept in the cloud (none
 * for a local one); 404 for a conversation that is not the caller's. Both take `?waitFor=`.
 */
export const conversationsRoutes =
  (db: Db, projections: readonly Projection[]): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const listSchema = {
      description: "The caller's conversations, the most recently used first.",
      querystring: WaitForQuery,
      response: { ...errorResponses, 200: ConversationsResponse },
    };
    routes.get(
      conversationRoutes.list,
      { preValidation: app.requireUser, schema: listSchema },
      async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const answer: ConversationsResponse = {
          success: true,
          data: await readConversations(db, request.principal ?? ''),
        };
        return answer;
      },
    );

    const messagesSchema = {
      description:
        "The messages kept in the cloud of one of the caller's conversations (404 when it is not theirs).",
      params: ConversationParams,
      querystring: WaitForQuery,
      response: { ...errorResponses, 200: ConversationMessagesResponse, 404: ErrorResponse },
    };
    routes.get(
      conversationRoutes.messagesPattern,
      { preValidation: app.requireUser, schema: messagesSchema },
      async (request, reply) => {
        const { waitFor } = request.query;
        const { conversationId } = request.params;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const messages = await readConversationMessages(db, request.principal ?? '', conversationId);
        if (messages === null)
          return reply
            .code(404)
            .send({ success: false, message: chatMessages.noSuchConversation(conversationId) });
        const answer: ConversationMessagesResponse = { success: true, data: messages };
        return answer;
      },
    );
  };
