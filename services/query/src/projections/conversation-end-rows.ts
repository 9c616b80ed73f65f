import type { Db } from '@app/platform';

/** What a request ended with: its usage, and when the log recorded its end. */
export interface RequestEnd {
  requestId: string;
  usage: { inputTokens: number; outputTokens: number; cost: number };
  at: Date;
}

/** The conversation a request ended in, when there still is one. */
export interface EndedIn {
  owner: string;
  conversationId: string;
  storage: string;
}

/**
 * A request ended, in one statement: it is no longer running (its `rm_conversation_requests` row
 * goes), its cost is its conversation's (dated then) and its turn gets its tokens and cost. Answers
 * its conversation, or undefined when it was in none, or its conversation was deleted while it ran
 * (then neither the conversation nor the turn changes; the running request's row goes all the same).
 */
export const recordEnd = async (trx: Db, end: RequestEnd): Promise<EndedIn | undefined> => {
  const row = await trx
    .with('request', (db) =>
      db
        .deleteFrom('rm_conversation_requests')
        .where('request_id', '=', end.requestId)
        .returning(['owner', 'conversation_id']),
    )
    .with('conversation', (db) =>
      db
        .updateTable('rm_conversations')
        .from('request')
        .set((eb) => ({
          cost: eb('rm_conversations.cost', '+', end.usage.cost),
          updated_at: end.at,
        }))
        .whereRef('rm_conversations.owner', '=', 'request.owner')
        .whereRef('rm_conversations.conversation_id', '=', 'request.conversation_id')
        .returning([
          'rm_conversations.owner',
          'rm_conversations.conversation_id',
          'rm_conversations.storage',
        ]),
    )
    .with('turn', (db) =>
      db
        .updateTable('rm_conversation_turns')
        .from('conversation')
        .set({
          tokens_in: end.usage.inputTokens,
          tokens_out: end.usage.outputTokens,
          cost: end.usage.cost,
        })
        .where('rm_conversation_turns.request_id', '=', end.requestId)
        .whereRef('rm_conversation_turns.owner', '=', 'conversation.owner'),
    )
    .selectFrom('conversation')
    .select(['owner', 'conversation_id', 'storage'])
    .executeTakeFirst();
  return row && { owner: row.owner, conversationId: row.conversation_id, storage: row.storage };
};
