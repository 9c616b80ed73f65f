import { ConversationStorageChoice, type ConversationSummary, type StoredChatMessage } from '@app/contracts';
import type { Db } from '@app/platform';

/** At most this many conversations are listed (the contract's bound), newest first. */
export const maxListedConversations = 10_000;

/** The conversations of `owner`, the most recently used first. */
export const readConversations = async (db: Db, owner: string): Promise<ConversationSummary[]> => {
  const rows = await db
    .selectFrom('rm_conversations')
    .select(['conversation_id', 'name', 'storage', 'cost', 'requests', 'updated_at'])
    .where('owner', '=', owner)
    .orderBy('updated_at', 'desc')
    .orderBy('conversation_id')
    .limit(maxListedConversations)
    .execute();
  return rows.map((r) => ({
    id: r.conversation_id,
    name: r.name,
    storage: ConversationStorageChoice.catch('future-local').parse(r.storage),
    cost: Math.max(0, r.cost),
    requests: r.requests,
    updatedAt: r.updated_at.toISOString(),
  }));
};

/** Whether `owner` has the conversation `conversationId`. */
export const hasConversation = async (db: Db, owner: string, conversationId: string): Promise<boolean> =>
  (await db
    .selectFrom('rm_conversations')
    .select('conversation_id')
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst()) !== undefined;

/** The stored messages of one of `owner`'s conversations, in order; null when they have no such conversation. */
export const readConversationMessages = async (
  db: Db,
  owner: string,
  conversationId: string,
): Promise<StoredChatMessage[] | null> => {
  if (!(await hasConversation(db, owner, conversationId))) return null;
  const rows = await db
    .selectFrom('rm_conversation_messages')
    .select(['role', 'content', 'request_id', 'at', 'images'])
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .orderBy('position')
    .orderBy('ordinal')
    .execute();
  let previous: string | null = null;
  let current: string | null = null;
  return rows.map((r) => {
    if (r.request_id !== current) [previous, current] = [current, r.request_id];
    return {
      role: r.role === 'assistant' ? 'assistant' : 'user',
      content: r.content,
      requestId: r.request_id,
      at: r.at.toISOString(),
      ...(r.images?.length ? { images: r.images } : {}),
      parentRequestId: previous,
      chosen: false,
    };
  });
};
