import {
  ConversationSearchResponse,
  conversationRoutes,
  type ConversationSearchResult,
} from '@app/contracts';
import { relayJson } from './relay';

/** GET /api/conversations/search: the caller's cloud conversations holding the words of `q`, the best first. */
export async function searchCloudConversations(
  q: string,
  limit: number,
  signal?: AbortSignal,
): Promise<ConversationSearchResult[]> {
  const path = `${conversationRoutes.search}?${new URLSearchParams({ q, limit: String(limit) }).toString()}`;
  const options = signal ? { signal } : {};
  return (await relayJson('searchConversations', path, ConversationSearchResponse, options)).body.results;
}
