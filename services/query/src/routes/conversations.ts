import { z } from 'zod';
import {
  ChatId,
  chatMessages,
  ConversationMessagesResponse,
  ConversationRatingsResponse,
  ConversationSearchQuery,
  ConversationSearchResponse,
  conversationRoutes,
  ConversationsResponse,
} from '@app/contracts';
import { readConversationMessages, readConversationRatings, readConversations } from '../read/conversations';
import { searchConversations } from '../read/conversation-search';
import { readRoute } from './read-route';

export const ConversationParams = z.object({ conversationId: ChatId });

/** GET /api/conversations: the caller's conversations, newest first. Takes `?waitFor=`. */
export const conversationsRoute = readRoute({
  url: conversationRoutes.list,
  who: 'user',
  description: "The caller's conversations, the most recently used first.",
  answer: ConversationsResponse,
  handle: async ({ principal }, { db }) => {
    const answer: ConversationsResponse = { success: true, data: await readConversations(db, principal) };
    return answer;
  },
});

/**
 * GET /api/conversations/:conversationId/messages: the messages of one of the caller's conversations
 * kept in the cloud (none for a local one); 404 for a conversation that is not the caller's. Takes
 * `?waitFor=`.
 */
export const conversationMessagesRoute = readRoute({
  url: conversationRoutes.messagesPattern,
  who: 'user',
  description:
    "The messages kept in the cloud of one of the caller's conversations (404 when it is not theirs).",
  params: ConversationParams,
  answer: ConversationMessagesResponse,
  notFound: true,
  handle: async ({ principal, params }, { db }, reply) => {
    const { conversationId } = params;
    const messages = await readConversationMessages(db, principal, conversationId);
    if (messages === null)
      return reply
        .code(404)
        .send({ success: false, message: chatMessages.noSuchConversation(conversationId) });
    const answer: ConversationMessagesResponse = { success: true, data: messages };
    return answer;
  },
});

/**
 * GET /api/conversations/:conversationId/ratings: the caller's latest rating of each rated answer of
 * one of their conversations, local ones too (the server keeps no messages of those, so the ratings
 * are a read of their own); 404 for a conversation that is not the caller's. Takes `?waitFor=`.
 */
export const conversationRatingsRoute = readRoute({
  url: conversationRoutes.ratingsPattern,
  who: 'user',
  description:
    "The caller's latest rating of each rated answer of one of their conversations, local or cloud (404 when it is not theirs).",
  params: ConversationParams,
  answer: ConversationRatingsResponse,
  notFound: true,
  handle: async ({ principal, params }, { db }, reply) => {
    const { conversationId } = params;
    const ratings = await readConversationRatings(db, principal, conversationId);
    if (ratings === null)
      return reply
        .code(404)
        .send({ success: false, message: chatMessages.noSuchConversation(conversationId) });
    const answer: ConversationRatingsResponse = { success: true, data: ratings };
    return answer;
  },
});

/**
 * GET /api/conversations/search?q=&limit=: the caller's cloud conversations whose name or a message
 * holds the words of `q` (read/conversation-search.ts), the best first; only ever their own.
 */
export const conversationSearchRoute = readRoute({
  url: conversationRoutes.search,
  who: 'user',
  description:
    "The caller's cloud conversations whose name or a message holds every word of `q` (the last as a prefix), the best first, each with a snippet and where the words are in it.",
  query: ConversationSearchQuery,
  answer: ConversationSearchResponse,
  handle: async ({ principal, query }, { db }) => {
    const answer: ConversationSearchResponse = {
      success: true,
      results: await searchConversations(db, principal, query.q, query.limit),
    };
    return answer;
  },
});
