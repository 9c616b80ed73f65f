import { embeddingRoutes, EmbeddingQueueResponse } from '@app/contracts';
import { readEmbeddingQueue } from '../read/embedding-queue';
import { readRoute } from './read-route';

/**
 * GET /embedding/sqs/get (admins only): the queued and running embeddings, one message per file
 * (messageId: its FileEmbeddingQueued event's log position). Takes `?waitFor=`.
 */
export const embeddingQueueRoute = readRoute({
  url: embeddingRoutes.queue,
  who: 'admin',
  description:
    'The queued and running embeddings (the Embeddings tab): one message per file whose last embedding event is FileEmbeddingQueued.',
  answer: EmbeddingQueueResponse,
  handle: async (_request, { db }) => {
    const answer: EmbeddingQueueResponse = { success: true, messages: await readEmbeddingQueue(db) };
    return answer;
  },
});
