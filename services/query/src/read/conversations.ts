import {
  AnswerRating,
  ConversationStorageChoice,
  type ConversationSummary,
  type RequestRating,
  type StoredChatMessage,
} from '@app/contracts';
import type { Db } from '@app/platform';

/** At most this many conversations are listed (the contract's bound), newest first. */
export const maxListedConversations = 10_000;

/** The conversations of `owner`, the most recently used first. */
export const readConversations = async (db: Db, owner: string): Promise<ConversationSummary[]> => {
  const rows = await db
    .selectFrom('rm_conversations')
    .select(['conversation_id', 'name', 'storage', 'cost', 'requests', 'updated_at'])
    .select(['model', 'assistant_id', 'instructions', 'temperature'])
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
    model: r.model,
    assistantId: r.assistant_id,
    ...(r.instructions === null && r.temperature === null
      ? {}
      : { settings: { instructions: r.instructions ?? '', temperature: r.temperature } }),
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

/** A rating column read back: `{ rating }` when it holds one ('good' or 'bad'), else nothing. */
const ratingOf = (column: string | null): { rating?: AnswerRating } => {
  const parsed = AnswerRating.safeParse(column);
  return parsed.success ? { rating: parsed.data } : {};
};

/** The stored messages of one of `owner`'s conversations, in order; null when they have no such conversation. */
export const readConversationMessages = async (
  db: Db,
  owner: string,
  conversationId: string,
): Promise<StoredChatMessage[] | null> => {
  if (!(await hasConversation(db, owner, conversationId))) return null;
  const rows = await db
    .selectFrom('rm_conversation_messages as m')
    .leftJoin('rm_conversation_turns as t', (join) =>
      join.onRef('t.request_id', '=', 'm.request_id').onRef('t.owner', '=', 'm.owner'),
    )
    .select(['m.role', 'm.content', 'm.request_id', 'm.at', 'm.images'])
    .select(['t.request_id as turn', 't.parent_request_id', 't.chosen', 't.rating'])
    .where('m.owner', '=', owner)
    .where('m.conversation_id', '=', conversationId)
    .orderBy('m.position')
    .orderBy('m.ordinal')
    .execute();
  // A request without a turn (none should be left: migration 0027 filled them) follows the one before it.
  const requests: string[] = [];
  return rows.map((r) => {
    if (requests.at(-1) !== r.request_id && !requests.includes(r.request_id)) requests.push(r.request_id);
    const before = requests[requests.indexOf(r.request_id) - 1] ?? null;
    return {
      role: r.role === 'assistant' ? 'assistant' : 'user',
      content: r.content,
      requestId: r.request_id,
      at: r.at.toISOString(),
      ...(r.images?.length ? { images: r.images } : {}),
      parentRequestId: r.turn === null ? before : r.parent_request_id,
      chosen: r.chosen ?? false,
      ...(r.role === 'assistant' ? ratingOf(r.rating) : {}),
    };
  });
};

/**
 * `owner`'s latest rating of each rated answer of one of their conversations (local or cloud), in
 * the conversation's order; null when they have no such conversation.
 */
export const readConversationRatings = async (
  db: Db,
  owner: string,
  conversationId: string,
): Promise<RequestRating[] | null> => {
  if (!(await hasConversation(db, owner, conversationId))) return null;
  const rows = await db
    .selectFrom('rm_conversation_turns')
    .select(['request_id', 'rating', 'rating_comment'])
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .where('rating', 'is not', null)
    .orderBy('position')
    .execute();
  return rows.flatMap((r) => {
    const { rating } = ratingOf(r.rating);
    if (rating === undefined) return [];
    return [
      {
        requestId: r.request_id,
        rating,
        ...(r.rating_comment === null ? {} : { comment: r.rating_comment }),
      },
    ];
  });
};
