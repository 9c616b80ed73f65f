import { listLocalConversations, readLocalConversation } from '../storage/local-conversations';
import type { LocalConversation } from '../model/types';

/** How many of this browser's conversations a search reads (the most recently used). */
export const searchedLocalConversations = 500;

/** The conversations kept in this browser for `email`, with their messages: the newest, bounded. */
export async function readLocalForSearch(email: string): Promise<LocalConversation[]> {
  const listed = await listLocalConversations(email);
  const newest = [...listed]
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, searchedLocalConversations);
  const read = await Promise.all(newest.map((c) => readLocalConversation(email, c.id)));
  return read.filter((c): c is LocalConversation => c !== null);
}
