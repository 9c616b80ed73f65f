import { conversationStreamId, retentionLimits, type EventMetadata } from '@app/contracts';
import { destroyConversationKey, type Db } from '@app/platform';
import { conversationDecider } from './conversation-decider';
import { handleCommand } from '../shared/handle-command';

export interface DeleteAllOutcome {
  deleted: number;
  remaining: number;
  position: string;
  eventCount: number;
}

/**
 * Deletes the caller's conversations the way one delete does (`ConversationDeleted` on each stream,
 * its data key destroyed: a cloud one's text in the log is shredded), at most `limit` in `trx` (one
 * transaction), the oldest first. Only `owner`'s: the rows are read by owner. `remaining` says how
 * many are left for the next call, which continues with them.
 */
export const deleteAllConversationsOf = async (
  trx: Db,
  owner: string,
  metadata: EventMetadata,
  limit: number = retentionLimits.deleteAllBatch,
): Promise<DeleteAllOutcome> => {
  const rows = await trx
    .selectFrom('rm_conversations')
    .select('conversation_id')
    .where('owner', '=', owner)
    .orderBy('updated_at')
    .orderBy('conversation_id')
    .limit(limit)
    .execute();
  const total = await trx
    .selectFrom('rm_conversations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner', '=', owner)
    .executeTakeFirstOrThrow();
  let position = '0';
  let eventCount = 0;
  for (const { conversation_id: conversationId } of rows) {
    const outcome = await handleCommand(
      trx,
      conversationDecider,
      conversationStreamId(owner, conversationId),
      { type: 'DeleteConversation', data: { conversationId } },
      { metadata },
    );
    await destroyConversationKey(trx, owner, conversationId);
    if (outcome.eventCount > 0) position = outcome.position;
    eventCount += outcome.eventCount;
  }
  return {
    deleted: rows.length,
    remaining: Math.max(0, Number(total.n) - rows.length),
    position,
    eventCount,
  };
};
