import type { EmbeddingQueueMessage } from '@app/contracts';
import type { Db } from '@app/platform';

/** How many queued embeddings the tab is shown at most (oldest first). */
export const embeddingQueueLimit = 500;

/** The queued and running embeddings, oldest first: one message per file whose last embedding event is FileEmbeddingQueued. */
export const readEmbeddingQueue = async (db: Db): Promise<EmbeddingQueueMessage[]> => {
  const rows = await db
    .selectFrom('rm_embedding_queue')
    .select(['key', 'owner', 'size', 'queued_position', 'queued_at'])
    .where('queued_position', 'is not', null)
    .orderBy('queued_position')
    .limit(embeddingQueueLimit)
    .execute();
  return rows.map((r) => ({
    messageId: r.queued_position ?? '',
    eventTime: (r.queued_at ?? new Date(0)).toISOString(),
    object: { user: r.owner, key: r.key, size: Number(r.size ?? 0) },
    terminated: false,
  }));
};
