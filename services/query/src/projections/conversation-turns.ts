import type { Db } from '@app/platform';

/** The conversation's rows of `rm_conversation_turns`, for one owner. */
const turnsOf = (trx: Db, owner: string, conversationId: string) =>
  trx
    .selectFrom('rm_conversation_turns')
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId);

/** An update of the versions of the turn after `parent` (the requests that follow it). */
const siblingsOf = (trx: Db, owner: string, conversationId: string, parent: string | null) =>
  trx
    .updateTable('rm_conversation_turns')
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    // The same parent, or none: by the siblings' index (migration 0039).
    .where((eb) => eb.fn.coalesce('parent_request_id', eb.val('')), '=', parent ?? '');

/**
 * The user turned to the version `requestId` of its turn: it is chosen, its siblings no longer are.
 * False when the conversation has no such request (another's, or from before it was deleted).
 */
export const chooseTurn = async (
  trx: Db,
  at: { owner: string; conversationId: string; requestId: string },
): Promise<boolean> => {
  const turn = await turnsOf(trx, at.owner, at.conversationId)
    .select('parent_request_id')
    .where('request_id', '=', at.requestId)
    .executeTakeFirst();
  if (!turn) return false;
  const siblings = () => siblingsOf(trx, at.owner, at.conversationId, turn.parent_request_id);
  await siblings().set({ chosen: false }).where('request_id', '<>', at.requestId).execute();
  await siblings().set({ chosen: true }).where('request_id', '=', at.requestId).execute();
  return true;
};

/** The turns of a deleted conversation go with it. */
export const deleteTurns = async (trx: Db, owner: string, conversationId: string): Promise<void> => {
  await trx
    .deleteFrom('rm_conversation_turns')
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .execute();
};

/**
 * The owner's latest rating of a request's answer (and its comment, null: none). Only the
 * conversation's owner's: a rating by anyone else changes nothing. Answers the request's
 * conversation, or null when nothing changed (another's, or a request no longer kept).
 */
export const rateTurn = async (
  trx: Db,
  at: { owner: string; requestId: string; rating: string; comment: string | null },
): Promise<string | null> =>
  (
    await trx
      .updateTable('rm_conversation_turns')
      .set({ rating: at.rating, rating_comment: at.comment })
      .where('request_id', '=', at.requestId)
      .where('owner', '=', at.owner)
      .returning('conversation_id')
      .executeTakeFirst()
  )?.conversation_id ?? null;
