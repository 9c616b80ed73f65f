import type { ConversationFilingResponse } from '@app/contracts';
import type { Db } from '@app/platform';
import { sql } from 'kysely';

type Filing = ConversationFilingResponse['data'];

const tagsOf = (stored: unknown): string[] =>
  Array.isArray(stored) ? stored.filter((t): t is string => typeof t === 'string') : [];

/**
 * `owner`'s folders (oldest first) and the filing of each conversation they filed, pinned or
 * tagged (those still in a folder, pinned or tagged: an unfiled one with nothing left is left out).
 */
export const readConversationFiling = async (db: Db, owner: string): Promise<Filing> => {
  const [folders, rows] = await Promise.all([
    db
      .selectFrom('rm_conversation_folders')
      .select(['folder_id', 'name'])
      .where('owner', '=', owner)
      .orderBy('created_at')
      .orderBy('folder_id')
      .execute(),
    db
      .selectFrom('rm_conversation_filing')
      .select(['conversation_id', 'folder_id', 'pinned', 'tags'])
      .where('owner', '=', owner)
      .where((eb) =>
        eb.or([eb('folder_id', 'is not', null), eb('pinned', '=', true), sql<boolean>`tags <> '[]'::jsonb`]),
      )
      .orderBy('conversation_id')
      .execute(),
  ]);
  return {
    folders: folders.map((f) => ({ id: f.folder_id, name: f.name })),
    conversations: rows.map((r) => ({
      conversationId: r.conversation_id,
      folderId: r.folder_id,
      pinned: r.pinned,
      tags: tagsOf(r.tags),
    })),
  };
};
