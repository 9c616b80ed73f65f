import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { embeddingRoutes, EmbeddingQueueResponse, errorResponses, WaitForQuery } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { readEmbeddingQueue } from '../read/embedding-queue';
import { waitForPosition } from '../read/wait-for';

/**
 * GET /embedding/sqs/get (admins only): the queued and running embeddings, one message per file
 * (messageId: its FileEmbeddingQueued event's log position). Takes `?waitFor=`.
 */
export const embeddingQueueRoute =
  (db: Db, projections: readonly Projection[]): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description:
        'The queued and running embeddings (the Embeddings tab): one message per file whose last embedding event is FileEmbeddingQueued.',
      querystring: WaitForQuery,
      response: { ...errorResponses, 200: EmbeddingQueueResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(embeddingRoutes.queue, { preValidation: app.requireAdmin, schema }, async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const answer: EmbeddingQueueResponse = { success: true, messages: await readEmbeddingQueue(db) };
        return answer;
      });
  };
