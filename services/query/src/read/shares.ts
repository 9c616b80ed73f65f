import { shareLimits, sharePagePath, type ShareSummary } from '@app/contracts';
import type { Db } from '@app/platform';

/** `owner`'s shares that are not revoked (one conversation's when named), the newest first, with their views. */
export const readShares = async (db: Db, owner: string, conversationId?: string): Promise<ShareSummary[]> => {
  let query = db
    .selectFrom('rm_shares')
    .select(['share_id', 'conversation_id', 'name', 'is_public', 'access_to', 'created_at', 'view_count'])
    .where('owner', '=', owner)
    .where('revoked', '=', false);
  if (conversationId !== undefined) query = query.where('conversation_id', '=', conversationId);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('share_id')
    .limit(shareLimits.listed)
    .execute();
  return rows.map((r) => ({
    shareId: r.share_id,
    conversationId: r.conversation_id,
    name: r.name,
    url: sharePagePath(r.share_id),
    isPublic: r.is_public,
    accessTo: { amplifyGroups: r.access_to.amplifyGroups, users: r.access_to.users },
    createdAt: r.created_at.toISOString(),
    viewCount: r.view_count,
  }));
};
