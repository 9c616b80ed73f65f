import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  embeddingMessages,
  embeddingRoutes,
  EmbeddingStatusRequest,
  EmbeddingStatusResponse,
  errorResponses,
  TerminateEmbeddingRequest,
  TerminateEmbeddingResponse,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { fileStateOf, terminateFileEmbedding } from '../files/index';
import { runCommandAs } from '../shared/command-route';
import { embeddingStatusOf } from './embedding-status';

/**
 * POST /embedding/status (signed-in users): each data source's status, the caller's files only
 * (any other key answers 'not_found'). POST /embedding/terminate (admins only): stops a file's
 * embedding, recorded as FileEmbeddingTerminated with the admin as `by` and actor; a file that is not
 * being processed or embedded answers 409 with `embeddingMessages.unableToTerminate`, nothing appended.
 */
export const embeddingRoutesPlugin =
  (opts: { db: Db }): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const statusSchema = {
      description:
        "Each data source's status (the document list's hover): the caller's files only, 'not_found' for any other key.",
      body: EmbeddingStatusRequest,
      response: { ...errorResponses, 200: EmbeddingStatusResponse },
    };
    routes.post(
      embeddingRoutes.status,
      { preValidation: app.requireUser, schema: statusSchema },
      async (request) => {
        const caller = (await request.actor()).email;
        const data = await embeddingStatusOf(request.body.dataSources, caller, (key) =>
          fileStateOf(opts.db, key),
        );
        const answer: EmbeddingStatusResponse = { success: true, data };
        return answer;
      },
    );

    const terminateSchema = {
      description:
        "Stops a file's embedding (the Embeddings tab), recorded with who stopped it. 409 when it is not running.",
      body: TerminateEmbeddingRequest,
      response: { ...errorResponses, 200: TerminateEmbeddingResponse, 409: TerminateEmbeddingResponse },
    };
    routes.post(
      embeddingRoutes.terminate,
      { preValidation: app.requireAdmin, schema: terminateSchema },
      async (request, reply) => {
        const key = request.body.object_key;
        const outcome = await runCommandAs(request, opts, 'terminateFileEmbedding', ({ metadata }) =>
          terminateFileEmbedding(opts.db, key, metadata),
        );
        if (outcome === 'terminated') return { success: true } satisfies TerminateEmbeddingResponse;
        const refused: TerminateEmbeddingResponse = {
          success: false,
          message: embeddingMessages.unableToTerminate,
        };
        return reply.code(409).send(refused);
      },
    );
  };
