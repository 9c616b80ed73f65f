import type { RecordedEvent, StoredChatMessage } from '@app/contracts';
import type { Db } from '@app/platform';
import type { AliasableExpression, ExpressionBuilder, QueryCreator } from 'kysely';
import { conversationUpsert, messageRows, type ConversationUpsert, type Tables } from './conversation-rows';

/** A request in a conversation, as its ChatRequested leaves it (see `recordRequest`). */
export interface RequestRows extends ConversationUpsert {
  requestId: string;
  /** The request it names as the one it follows: null, none (the first turn); undefined, not named. */
  named: string | null | undefined;
  /** The messages a cloud conversation keeps of it (none for a local one). */
  messages: readonly Pick<StoredChatMessage, 'role' | 'content' | 'images'>[];
  /** Its ChatRequested: its position is where its turn sits among the conversation's. */
  recorded: RecordedEvent;
}

/** The conversation's turns of one owner, in a query that reads them. */
const turnsOf = (eb: ExpressionBuilder<Tables, never>, row: RequestRows) =>
  eb
    .selectFrom('rm_conversation_turns')
    .select('request_id')
    .where('owner', '=', row.owner)
    .where('conversation_id', '=', row.conversationId);

/**
 * The request a new one follows: the one it names when that is a request of the same conversation of
 * the same owner, already recorded; null when it names none (the first turn); else (not named, or
 * naming a request that is not there) the conversation's latest request (null in an empty one).
 */
const parentOf = (
  eb: ExpressionBuilder<Tables, never>,
  row: RequestRows,
): AliasableExpression<string | null> => {
  const latest = turnsOf(eb, row).orderBy('position', 'desc').limit(1).$asScalar();
  if (row.named === null) return eb.cast<string | null>(eb.lit(null), 'text');
  if (row.named === undefined) return latest;
  return eb.fn.coalesce(turnsOf(eb, row).where('request_id', '=', row.named).$asScalar(), latest);
};

/** The request's kept messages, as the first part of its statement (none: the statement alone). */
const withMessages = (trx: Db, row: RequestRows): QueryCreator<Tables> =>
  row.messages.length === 0
    ? trx
    : trx.with('messages', (db) =>
        db
          .insertInto('rm_conversation_messages')
          .values(
            messageRows(
              row.recorded,
              { owner: row.owner, conversationId: row.conversationId, requestId: row.requestId },
              row.messages,
            ),
          ),
      );

/**
 * A request in a conversation, in one statement: the conversation counted and dated
 * (`conversationUpsert`), the request kept until it ends, its messages kept, and its turn placed after
 * its parent (`parentOf`) with its model and assistant. A new version of a turn clears the turn's
 * choice (its siblings' `chosen`), so the newest shows: what the user just made is what they read.
 *
 * The parts of one statement read the rows as they were before it, so the parent is looked up before
 * the turn is there, as when each part was a statement of its own. No row is written by two parts: a
 * turn already there under this request id (an imported one) is left out of the siblings' update and
 * gets the same changes from the insert's `on conflict` (cleared when it is a sibling; the model and
 * assistant when it is the owner's).
 */
export const recordRequest = async (trx: Db, row: RequestRows): Promise<void> => {
  await withMessages(trx, row)
    .with('conversation', (db) => conversationUpsert(db, row))
    .with('request', (db) =>
      db
        .insertInto('rm_conversation_requests')
        .values({ request_id: row.requestId, owner: row.owner, conversation_id: row.conversationId })
        .onConflict((oc) => oc.column('request_id').doNothing()),
    )
    .with('parent', (db) => db.selectNoFrom((eb) => parentOf(eb, row).as('request_id')))
    .with('siblings', (db) =>
      db
        .updateTable('rm_conversation_turns')
        .set((eb) => ({ chosen: eb.lit(false) }))
        .where('owner', '=', row.owner)
        .where('conversation_id', '=', row.conversationId)
        .where('request_id', '<>', row.requestId)
        // The same parent, or none: by the siblings' index (migration 0039), not every turn.
        .where(
          (eb) => eb.fn.coalesce('parent_request_id', eb.val('')),
          '=',
          (eb) => eb.fn.coalesce(eb.selectFrom('parent').select('parent.request_id'), eb.val('')),
        ),
    )
    .insertInto('rm_conversation_turns')
    .values((eb) => ({
      request_id: row.requestId,
      owner: row.owner,
      conversation_id: row.conversationId,
      parent_request_id: eb.selectFrom('parent').select('parent.request_id'),
      position: row.recorded.globalPosition,
      chosen: false,
      model: row.model,
      assistant_id: row.assistantId,
    }))
    .onConflict((oc) =>
      oc
        .column('request_id')
        .doUpdateSet((eb) => ({
          chosen: eb
            .case()
            .when(
              eb.and([
                eb('rm_conversation_turns.conversation_id', '=', eb.ref('excluded.conversation_id')),
                eb(
                  'rm_conversation_turns.parent_request_id',
                  'is not distinct from',
                  eb.ref('excluded.parent_request_id'),
                ),
              ]),
            )
            .then(eb.lit(false))
            .else(eb.ref('rm_conversation_turns.chosen'))
            .end(),
          model: eb.ref('excluded.model'),
          assistant_id: eb.ref('excluded.assistant_id'),
        }))
        .where('rm_conversation_turns.owner', '=', (eb) => eb.ref('excluded.owner')),
    )
    .execute();
};
