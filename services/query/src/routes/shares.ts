import { ShareListQuery, ShareListResponse, shareRoutes } from '@app/contracts';
import { readShares } from '../read/shares';
import { readRoute } from './read-route';

/** GET /api/shares: the caller's shares not revoked (`?conversationId=` for one conversation's), with their views. Takes `?waitFor=`. */
export const sharesRoute = readRoute({
  url: shareRoutes.list,
  who: 'user',
  description:
    "The caller's shared conversations that are not revoked, the newest first, with how often each was read.",
  query: ShareListQuery,
  answer: ShareListResponse,
  handle: async ({ principal, query }, { db }) => {
    const answer: ShareListResponse = {
      success: true,
      data: await readShares(db, principal, query.conversationId),
    };
    return answer;
  },
});
