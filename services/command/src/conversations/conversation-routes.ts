import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConversationCommandResponse,
  conversationRoutes,
  DeleteConversationRequest,
  ErrorResponse,
  errorResponses,
  RenameConversationRequest,
} from '@app/contracts';
import { commandMetadata, requestHashOf, type AwaitProjected, type Db } from '@app/platform';
import type { CommandOutcome } from '../shared/handle-command';
import { timedCommand } from '../shared/command-metrics';
import { deleteConversation, renameConversation } from './conversation-commands';
import { awaitCommandProjected } from '../shared/projected-answer';

/**
 * POST /api/conversations/rename and /delete: the caller renames or deletes one of their own
 * conversations (404 for any other). The answer carries the position for `?waitFor=`, and comes once
 * the read models show it when the projections run in this process.
 */
export const conversationRoutesPlugin =
  (opts: { db: Db; awaitProjected: AwaitProjected }): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const answer = async (
      request: FastifyRequest,
      outcome: { result: CommandOutcome; replayed: boolean },
    ) => {
      const { position } = outcome.result;
      if (!outcome.replayed)
        await awaitCommandProjected(request, opts.db, opts.awaitProjected, outcome.result);
      const body: ConversationCommandResponse = { success: true, position };
      return body;
    };
    const response = { ...errorResponses, 200: ConversationCommandResponse, 404: ErrorResponse };

    routes.post(
      conversationRoutes.rename,
      {
        preValidation: app.requireUser,
        schema: {
          description: "Renames one of the caller's conversations (404 when it is not theirs).",
          body: RenameConversationRequest,
          response,
        },
      },
      async (request) => {
        const metadata = commandMetadata(request, await request.actor());
        return answer(
          request,
          await timedCommand('renameConversation', () =>
            renameConversation(opts.db, request.body, metadata, requestHashOf(request)),
          ),
        );
      },
    );

    routes.post(
      conversationRoutes.delete,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            "Deletes one of the caller's conversations and its stored messages (404 when it is not theirs).",
          body: DeleteConversationRequest,
          response,
        },
      },
      async (request) => {
        const metadata = commandMetadata(request, await request.actor());
        return answer(
          request,
          await timedCommand('deleteConversation', () =>
            deleteConversation(opts.db, request.body, metadata, requestHashOf(request)),
          ),
        );
      },
    );
  };
