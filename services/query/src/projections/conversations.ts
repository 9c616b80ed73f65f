import {
  assertNever,
  type ChatEvent,
  type ConversationEvent,
  type ConversationExpiredEvent,
  type FeedbackEvent,
  type RecordedEvent,
  type StoredChatMessage,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { tableProjection } from './projection';
import { autoName, deleteConversation, keptMessages, messageRows, ownerOf } from './conversation-rows';
import { chooseTurn, deleteTurns, rateTurn } from './conversation-turns';
import { recordRequest } from './conversation-request-rows';
import { recordEnd } from './conversation-end-rows';
import { answerOf, requestMessagesOf } from './conversation-text';
import { conversationImported } from './conversation-import';

type ConversationsEvent = ChatEvent | ConversationEvent | ConversationExpiredEvent | FeedbackEvent;
type Ended = Extract<ChatEvent, { type: 'ChatCompleted' | 'ChatStopped' | 'ChatFailed' }>;

export const conversationsEventTypes = [
  'ChatRequested',
  'ChatCompleted',
  'ChatStopped',
  'ChatFailed',
  'ConversationRenamed',
  'ConversationDeleted',
  'ConversationExpired',
  'ConversationVersionChosen',
  'ConversationSettingsChanged',
  'AnswerRated',
  'ConversationImported',
] as const satisfies readonly ConversationsEvent['type'][];

const insertMessages = async (
  trx: Db,
  recorded: RecordedEvent,
  at: { owner: string; conversationId: string; requestId: string },
  messages: readonly Pick<StoredChatMessage, 'role' | 'content' | 'images'>[],
): Promise<void> => {
  if (messages.length === 0) return;
  await trx
    .insertInto('rm_conversation_messages')
    .values(messageRows(recorded, at, messages))
    .execute();
};

/**
 * A request in a conversation: counted, dated, placed among its turns (the request it follows), and
 * for a cloud one its user message kept; one statement (`recordRequest`).
 */
const requested = async (
  trx: Db,
  data: Extract<ChatEvent, { type: 'ChatRequested' }>['data'],
  recorded: RecordedEvent,
): Promise<string[]> => {
  const { conversationId, requestId, storage } = data;
  if (conversationId === undefined) return [];
  // Sealed under the conversation's key (conversation-text.ts): none once the conversation was deleted.
  const messages = storage === 'future-cloud' ? keptMessages(await requestMessagesOf(trx, data)) : [];
  const firstUser = messages.find((m) => m.role === 'user');
  await recordRequest(trx, {
    owner: recorded.metadata.actor.email,
    conversationId,
    storage,
    name: firstUser ? autoName(firstUser.content) : null,
    at: new Date(recorded.recordedAt),
    model: data.model,
    assistantId: data.assistantId ?? null,
    requestId,
    named: data.parentRequestId,
    messages,
    recorded,
  });
  return [conversationId];
};

/**
 * A request ended: its cost is the conversation's and its tokens its turn's (one statement,
 * `recordEnd`), and a cloud conversation keeps its answer.
 */
const ended = async (trx: Db, data: Ended['data'], recorded: RecordedEvent): Promise<string[]> => {
  const endedIn = await recordEnd(trx, {
    requestId: data.requestId,
    usage: data.usage,
    at: new Date(recorded.recordedAt),
  });
  // Not in a conversation, or its conversation was deleted while it ran.
  if (!endedIn) return [];
  const { owner, conversationId } = endedIn;
  const answer = endedIn.storage === 'future-cloud' ? await answerOf(trx, data) : undefined;
  if (answer)
    await insertMessages(trx, recorded, { owner, conversationId, requestId: data.requestId }, [
      { role: 'assistant', content: answer },
    ]);
  return [conversationId];
};

/**
 * The conversations of each user (read model `conversations`, a user read model: each change goes
 * to its owner's sockets only, its ids the conversation ids): from the chat events that name a
 * conversation, the renames, deletes, versions turned to and settings of the conversation streams, and
 * the owner's ratings of its answers (the feedback streams). A
 * deleted conversation's rows go; a later request in it starts it again.
 */
export const conversationsProjection = tableProjection<ConversationsEvent>(
  'conversations',
  ['rm_conversation_messages', 'rm_conversation_requests', 'rm_conversation_turns', 'rm_conversations'],
  {
    eventTypes: conversationsEventTypes,
    apply: async (event, recorded, trx) => {
      switch (event.type) {
        case 'ChatRequested':
          return requested(trx, event.data, recorded);
        case 'ChatStatusChanged':
          return [];
        case 'ChatCompleted':
        case 'ChatStopped':
        case 'ChatFailed':
          return ended(trx, event.data, recorded);
        case 'ConversationRenamed': {
          const { conversationId, name } = event.data;
          const renamed = await trx
            .updateTable('rm_conversations')
            .set({ name })
            .where('owner', '=', ownerOf(recorded, conversationId))
            .where('conversation_id', '=', conversationId)
            .executeTakeFirst();
          return renamed.numUpdatedRows > 0n ? [conversationId] : [];
        }
        case 'ConversationDeleted': {
          const { conversationId } = event.data;
          await deleteConversation(trx, ownerOf(recorded, conversationId), conversationId);
          await deleteTurns(trx, ownerOf(recorded, conversationId), conversationId);
          return [conversationId];
        }
        case 'ConversationExpired': {
          // Retention (docs/architecture.md, "Retention"): its rows go as with a delete; the change
          // is its owner's (the actor is the platform's retention).
          const { conversationId, owner } = event.data;
          await deleteConversation(trx, owner, conversationId);
          await deleteTurns(trx, owner, conversationId);
          return { ids: [conversationId], audience: owner };
        }
        case 'ConversationVersionChosen': {
          const { conversationId, requestId } = event.data;
          const owner = ownerOf(recorded, conversationId);
          return (await chooseTurn(trx, { owner, conversationId, requestId })) ? [conversationId] : [];
        }
        case 'ConversationSettingsChanged': {
          const { conversationId, instructions, temperature } = event.data;
          const changed = await trx
            .updateTable('rm_conversations')
            .set({ instructions, temperature })
            .where('owner', '=', ownerOf(recorded, conversationId))
            .where('conversation_id', '=', conversationId)
            .executeTakeFirst();
          return changed.numUpdatedRows > 0n ? [conversationId] : [];
        }
        case 'AnswerRated': {
          const { requestId, rating, comment } = event.data;
          const owner = recorded.metadata.actor.email;
          const rated = await rateTurn(trx, { owner, requestId, rating, comment: comment ?? null });
          return rated === null ? [] : [rated];
        }
        case 'ConversationImported':
          return conversationImported(trx, event.data, recorded);
        default:
          return assertNever(event);
      }
    },
  },
);
