import {
  assertNever,
  conversationFilingEventTypes,
  conversationFilingStreamId,
  type ConversationFilingEvent,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { sql } from 'kysely';
import { tableProjection } from './projection';

/** The user a filing stream belongs to: `conversationFilingStreamId(email)`, cut back to the email. */
const ownerOf = (streamId: string, actor: string): string => {
  const prefix = conversationFilingStreamId('');
  return streamId.startsWith(prefix) && streamId.length > prefix.length
    ? streamId.slice(prefix.length)
    : actor;
};

/** Sets `changes` on the conversation's filing row, made unfiled first when it has none. */
const upsertFiling = async (
  trx: Db,
  owner: string,
  conversationId: string,
  changes: { folder_id?: string | null; pinned?: boolean; tags?: ReturnType<typeof sql<string>> },
): Promise<void> => {
  await trx
    .insertInto('rm_conversation_filing')
    .values({ owner, conversation_id: conversationId })
    .onConflict((oc) => oc.columns(['owner', 'conversation_id']).doNothing())
    .execute();
  await trx
    .updateTable('rm_conversation_filing')
    .set(changes)
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .execute();
};

/**
 * The folders, pins and tags of each user's conversations (read model `conversationFiling`, a user
 * read model: a change goes to its user's sockets only). A folder deleted leaves its conversations
 * unfiled, their pins and tags kept.
 */
export const conversationFilingProjection = tableProjection<ConversationFilingEvent>(
  'conversationFiling',
  ['rm_conversation_folders', 'rm_conversation_filing'],
  {
    eventTypes: conversationFilingEventTypes,
    apply: async (event, recorded, trx) => {
      const owner = ownerOf(recorded.streamId, recorded.metadata.actor.email);
      switch (event.type) {
        case 'FolderCreated': {
          const { folderId, name } = event.data;
          await trx
            .insertInto('rm_conversation_folders')
            .values({ owner, folder_id: folderId, name, created_at: new Date(recorded.recordedAt) })
            .onConflict((oc) => oc.columns(['owner', 'folder_id']).doUpdateSet({ name }))
            .execute();
          return [folderId];
        }
        case 'FolderRenamed':
          await trx
            .updateTable('rm_conversation_folders')
            .set({ name: event.data.name })
            .where('owner', '=', owner)
            .where('folder_id', '=', event.data.folderId)
            .execute();
          return [event.data.folderId];
        case 'FolderDeleted': {
          const { folderId } = event.data;
          await trx
            .deleteFrom('rm_conversation_folders')
            .where('owner', '=', owner)
            .where('folder_id', '=', folderId)
            .execute();
          await trx
            .updateTable('rm_conversation_filing')
            .set({ folder_id: null })
            .where('owner', '=', owner)
            .where('folder_id', '=', folderId)
            .execute();
          return [folderId];
        }
        case 'ConversationFiled':
          await upsertFiling(trx, owner, event.data.conversationId, { folder_id: event.data.folderId });
          return [event.data.conversationId];
        case 'ConversationPinned':
        case 'ConversationUnpinned':
          await upsertFiling(trx, owner, event.data.conversationId, {
            pinned: event.type === 'ConversationPinned',
          });
          return [event.data.conversationId];
        case 'ConversationTagged': {
          const tag = JSON.stringify([event.data.tag]);
          await upsertFiling(trx, owner, event.data.conversationId, {
            tags: sql<string>`case when tags @> ${tag}::jsonb then tags else tags || ${tag}::jsonb end`,
          });
          return [event.data.conversationId];
        }
        case 'ConversationUntagged':
          await upsertFiling(trx, owner, event.data.conversationId, {
            tags: sql<string>`tags - ${event.data.tag}::text`,
          });
          return [event.data.conversationId];
        default:
          return assertNever(event);
      }
    },
  },
);
