import { z } from 'zod';
import {
  assertNever,
  ChatId,
  ConversationExpiredData,
  sealedTextPurposes,
  ShareEventContract,
  shareEventTypes,
  ShareSnapshot,
  type ConversationEvent,
  type ConversationExpiredEvent,
  type ConversationSharedData,
  type RecordedEvent,
  type ShareEvent,
} from '@app/contracts';
import { openSealedTextUnlessShredded, type Db } from '@app/platform';
import { tableProjection } from './projection';
import { ownerOf } from './conversation-rows';
import { SealedTextMismatch } from './conversation-text';

type Deleted = Extract<ConversationEvent, { type: 'ConversationDeleted' }>;
type SharesEvent = ShareEvent | Deleted | ConversationExpiredEvent;

const SharesEventContract: z.ZodType<SharesEvent> = z.union([
  ShareEventContract,
  z.object({ type: z.literal('ConversationDeleted'), data: z.object({ conversationId: ChatId }) }),
  z.object({ type: z.literal('ConversationExpired'), data: ConversationExpiredData }),
]);

/** The share's snapshot, opened; null once shredded (its conversation was deleted). */
const snapshotOf = async (trx: Db, data: ConversationSharedData): Promise<ShareSnapshot | null> => {
  const json = await openSealedTextUnlessShredded(
    trx,
    data.sealedSnapshot,
    sealedTextPurposes.shareSnapshot(data.shareId),
  );
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new SealedTextMismatch('share snapshot');
  }
  const parsed = ShareSnapshot.safeParse(value);
  if (!parsed.success) throw new SealedTextMismatch('share snapshot');
  return parsed.data;
};

const shared = async (trx: Db, data: ConversationSharedData, recorded: RecordedEvent): Promise<string[]> => {
  const snapshot = await snapshotOf(trx, data);
  if (snapshot === null) return [];
  await trx
    .insertInto('rm_shares')
    .values({
      share_id: data.shareId,
      owner: data.owner,
      conversation_id: data.conversationId,
      name: snapshot.name,
      is_public: data.isPublic,
      access_to: JSON.stringify(data.accessTo),
      snapshot: JSON.stringify(snapshot),
      created_at: new Date(recorded.recordedAt),
    })
    .onConflict((oc) => oc.column('share_id').doNothing())
    .execute();
  return [data.shareId];
};

/**
 * The shares of cloud conversations (`rm_shares`, pushed to no one): each with its snapshot opened,
 * its rules, its views counted and whether it was revoked. A share whose conversation is deleted
 * goes with it (its sealed snapshot is shredded with the conversation's key, so a rebuild agrees).
 */
export const sharesProjection = tableProjection<SharesEvent>(
  { name: 'shares', readModel: null },
  ['rm_shares'],
  {
    eventTypes: [...shareEventTypes, 'ConversationDeleted', 'ConversationExpired'],
    contract: SharesEventContract,
    apply: async (event, recorded, trx) => {
      switch (event.type) {
        case 'ConversationShared':
          return shared(trx, event.data, recorded);
        case 'ShareViewed': {
          const viewed = await trx
            .updateTable('rm_shares')
            .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
            .where('share_id', '=', event.data.shareId)
            .executeTakeFirst();
          return viewed.numUpdatedRows > 0n ? [event.data.shareId] : [];
        }
        case 'ShareRevoked': {
          const revoked = await trx
            .updateTable('rm_shares')
            .set({ revoked: true })
            .where('share_id', '=', event.data.shareId)
            .executeTakeFirst();
          return revoked.numUpdatedRows > 0n ? [event.data.shareId] : [];
        }
        case 'ConversationDeleted': {
          const { conversationId } = event.data;
          const gone = await trx
            .deleteFrom('rm_shares')
            .where('owner', '=', ownerOf(recorded, conversationId))
            .where('conversation_id', '=', conversationId)
            .returning('share_id')
            .execute();
          return gone.map((r) => r.share_id);
        }
        case 'ConversationExpired': {
          // Retention expired it (docs/architecture.md, "Retention"): its shares go as with a delete.
          const gone = await trx
            .deleteFrom('rm_shares')
            .where('owner', '=', event.data.owner)
            .where('conversation_id', '=', event.data.conversationId)
            .returning('share_id')
            .execute();
          return gone.map((r) => r.share_id);
        }
        default:
          return assertNever(event);
      }
    },
  },
);
