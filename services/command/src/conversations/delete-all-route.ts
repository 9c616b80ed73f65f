import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeleteAllConversationsResponse, deleteAllConversationsRoute, errorResponses } from '@app/contracts';
import type { AwaitProjected, Db } from '@app/platform';
import { runCommand } from '../shared/command-route';
import { deleteAllConversationsOf } from './delete-all';

/**
 * POST /api/conversations/delete-all: the caller deletes their own conversations, a bounded number
 * per call (`remaining` > 0: call again; each call continues with what is left). Once per
 * Idempotency-Key; answers once the read models show it where this process projects.
 */
export const deleteAllRoutesPlugin =
  (opts: { db: Db; awaitProjected?: AwaitProjected | undefined }): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      deleteAllConversationsRoute,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            "Deletes the caller's own conversations, at most 200 per call; `remaining` says how many are left for the next call.",
          response: { ...errorResponses, 200: DeleteAllConversationsResponse },
        },
      },
      async (request) => {
        const { result } = await runCommand(
          request,
          opts,
          'deleteAllConversations',
          (trx, call) => deleteAllConversationsOf(trx, call.actor.email, call.metadata),
          (r) => r,
        );
        return {
          success: true as const,
          deleted: result.deleted,
          remaining: result.remaining,
          position: result.position,
        };
      },
    );
  };
