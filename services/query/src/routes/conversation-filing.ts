import { ConversationFilingResponse, conversationFilingRoutes } from '@app/contracts';
import { readConversationFiling } from '../read/conversation-filing';
import { readRoute } from './read-route';

/**
 * GET /api/conversations/filing: the caller's folders and the folder, pin and tags of each of their
 * conversations (cloud and local, by id); never another user's. Takes `?waitFor=`.
 */
export const conversationFilingRoute = readRoute({
  url: conversationFilingRoutes.get,
  who: 'user',
  description: "The caller's folders of conversations, and each conversation's folder, pin and tags.",
  answer: ConversationFilingResponse,
  handle: async ({ principal }, { db }) => {
    const answer: ConversationFilingResponse = {
      success: true,
      data: await readConversationFiling(db, principal),
    };
    return answer;
  },
});
