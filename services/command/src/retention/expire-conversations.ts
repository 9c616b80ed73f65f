import { conversationStreamId, retentionActor, retentionLimits, type EventMetadata } from '@app/contracts';
import { ConcurrencyError } from '@app/platform/errors';
import { destroyConversationKey, inTransaction, type Db } from '@app/platform';
import { randomUUID } from 'node:crypto';
import { conversationDecider } from '../conversations/index';
import { handleCommand } from '../shared/handle-command';
import { currentRetention, heldEmails } from './retention-settings';

export interface ExpiryRun {
  /** Conversations expired by this run (their keys destroyed, ConversationExpired appended). */
  expired: number;
  /** Whether it stopped at its bound: more may be past due, the next run continues. */
  more: boolean;
  /** Null: retention keeps conversations forever, nothing was looked at. */
  days: number | null;
}

const metadataOf = (correlationId: string): EventMetadata => {
  const commandId = randomUUID();
  return {
    actor: retentionActor,
    commandId,
    correlationId,
    causationId: correlationId,
    requestId: commandId,
    schemaVersion: 1,
  };
};

/**
 * Expires the cloud conversations whose last activity is older than the Retention section's days
 * (docs/architecture.md, "Retention"), the oldest first, at most `limit` in one run, none whose owner
 * is on legal hold (listed, or a member of a listed group). Each in its own transaction: its data key
 * destroyed (its text in the log is shredded for good) and `ConversationExpired` appended on its
 * stream by the retention. Idempotent: a conversation already expired at that last activity appends
 * nothing, and once projected it is no longer a candidate, so the next run continues after it.
 */
export const expireConversations = async (
  db: Db,
  opts: { now: Date; limit?: number },
): Promise<ExpiryRun> => {
  const retention = await currentRetention(db);
  const days = retention.conversationDays;
  if (days === null) return { expired: 0, more: false, days };
  const limit = opts.limit ?? retentionLimits.expiryBatch;
  const cutoff = new Date(opts.now.getTime() - days * 86_400_000);
  const held = [...(await heldEmails(db, retention))];
  let query = db
    .selectFrom('rm_conversations')
    .select(['owner', 'conversation_id', 'updated_at'])
    .where('storage', '=', 'future-cloud')
    .where('updated_at', '<', cutoff);
  if (held.length > 0) query = query.where('owner', 'not in', held);
  const due = await query
    .orderBy('updated_at')
    .orderBy('owner')
    .orderBy('conversation_id')
    .limit(limit)
    .execute();
  const correlationId = randomUUID();
  let expired = 0;
  for (const row of due) {
    const data = {
      conversationId: row.conversation_id,
      owner: row.owner,
      lastActivityAt: new Date(row.updated_at).toISOString(),
    };
    try {
      const outcome = await inTransaction(db, async (trx) => {
        const appended = await handleCommand(
          trx,
          conversationDecider,
          conversationStreamId(row.owner, row.conversation_id),
          { type: 'ExpireConversation', data },
          { metadata: metadataOf(correlationId) },
        );
        await destroyConversationKey(trx, row.owner, row.conversation_id);
        return appended;
      });
      if (outcome.eventCount > 0) expired += 1;
    } catch (e) {
      // Another instance expired (or the owner changed) it at the same time: the next run sees it.
      if (!(e instanceof ConcurrencyError)) throw e;
    }
  }
  return { expired, more: due.length === limit, days };
};
