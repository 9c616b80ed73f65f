import {
  conversationStreamId,
  type ChatMessage,
  type ConversationStorage,
  type RecordedEvent,
  type StoredChatMessage,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { Kysely, QueryCreator } from 'kysely';

/** How many characters of its first message name a cloud conversation nobody renamed. */
export const autoNameLength = 40;

/** The first `autoNameLength` characters (code points: never half a pair) of a message; null when blank. */
export const autoName = (content: string): string | null => {
  const name = Array.from(content.trim()).slice(0, autoNameLength).join('').trim();
  return name === '' ? null : name;
};

/** The messages of a request a conversation keeps: the user's and the assistant's, not the system prompt. */
export const keptMessages = (messages: readonly ChatMessage[] | undefined) =>
  (messages ?? []).flatMap((m) =>
    m.role === 'system'
      ? []
      : [{ role: m.role, content: m.content, ...(m.images?.length ? { images: m.images } : {}) }],
  );

/**
 * The owner of a conversation event, from its stream `conversationStreamId(owner, conversationId)`
 * (the actor when the stream does not read that way: an event written by hand).
 */
export const ownerOf = (recorded: RecordedEvent, conversationId: string): string => {
  const { streamId } = recorded;
  // conversationStreamId('', id) is the stream id without its owner: cut there.
  const bare = conversationStreamId('', conversationId);
  const at = bare.length - conversationId.length - 1;
  const owner = streamId.slice(at, streamId.length - conversationId.length - 1);
  return owner !== '' && conversationStreamId(owner, conversationId) === streamId
    ? owner
    : recorded.metadata.actor.email;
};

/** The rows of a request's kept messages, in their order (`ordinal`), at its event's position. */
export const messageRows = (
  recorded: RecordedEvent,
  at: { owner: string; conversationId: string; requestId: string },
  messages: readonly Pick<StoredChatMessage, 'role' | 'content' | 'images'>[],
) =>
  messages.map((m, ordinal) => ({
    position: recorded.globalPosition,
    ordinal,
    owner: at.owner,
    conversation_id: at.conversationId,
    request_id: at.requestId,
    role: m.role,
    content: m.content,
    at: new Date(recorded.recordedAt),
    images: m.images?.length ? JSON.stringify(m.images) : null,
  }));

/** The read models' tables (those of `Db`). */
export type Tables = Db extends Kysely<infer T> ? T : never;

/** A conversation's row as a request in it leaves it (see `conversationUpsert`). */
export interface ConversationUpsert {
  owner: string;
  conversationId: string;
  storage: ConversationStorage;
  name: string | null;
  at: Date;
  model: string;
  assistantId: string | null;
}

/**
 * A request in a conversation: the row is made by its first request, later ones count and date it;
 * each one's model and assistant (null: none) are the conversation's. Not run here: a part of the
 * request's one statement (conversation-request-rows.ts).
 */
export const conversationUpsert = (db: QueryCreator<Tables>, row: ConversationUpsert) =>
  db
    .insertInto('rm_conversations')
    .values({
      owner: row.owner,
      conversation_id: row.conversationId,
      storage: row.storage,
      name: row.name,
      cost: 0,
      requests: 1,
      updated_at: row.at,
      model: row.model,
      assistant_id: row.assistantId,
    })
    .onConflict((oc) =>
      oc.columns(['owner', 'conversation_id']).doUpdateSet((eb) => ({
        storage: row.storage,
        requests: eb('rm_conversations.requests', '+', 1),
        updated_at: row.at,
        name: eb.fn.coalesce('rm_conversations.name', eb.val(row.name)),
        model: row.model,
        assistant_id: row.assistantId,
      })),
    );

/** Every row of one conversation goes: it, its messages and its requests still running. */
export const deleteConversation = async (trx: Db, owner: string, conversationId: string): Promise<void> => {
  await trx
    .deleteFrom('rm_conversations')
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .execute();
  await trx
    .deleteFrom('rm_conversation_messages')
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .execute();
  await trx
    .deleteFrom('rm_conversation_requests')
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .execute();
};
