import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConversationCommandResponse,
  conversationRoutes,
  DeleteConversationRequest,
  ErrorResponse,
  errorResponses,
  RenameConversationRequest,
  type EventMetadata,
} from '@app/contracts';
import type { AwaitProjected, Db } from '@app/platform';
import type { CommandOutcome } from '../shared/handle-command';
import { runCommandAs, unlessReplayed } from '../shared/command-route';
import { deleteConversation, renameConversation } from './conversation-commands';

/**
 * POST /api/conversations/rename and /delete: the caller renames or deletes one of their own
 * conversations (404 for any other). The answer carries the position for `?waitFor=`, and comes once
 * the read models show it when the projections run in this process.
 */
export const conversationRoutesPlugin =
  (opts: { db: Db; awaitProjected: AwaitProjected }): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    /** A command on one of the caller's conversations, once per Idempotency-Key; answers its position. */
    const onConversation = async (
      request: FastifyRequest,
      type: string,
      command: (
        metadata: EventMetadata,
        requestHash: string,
      ) => Promise<{ result: CommandOutcome; replayed: boolean }>,
    ): Promise<ConversationCommandResponse> => {
      const { result } = await runCommandAs(
        request,
        opts,
        type,
        ({ metadata, key }) => command(metadata, key.requestHash),
        unlessReplayed,
      );
      return { success: true, position: result.position };
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
      async (request) =>
        onConversation(request, 'renameConversation', (metadata, hash) =>
          renameConversation(opts.db, request.body, metadata, hash),
        ),
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
      async (request) =>
        onConversation(request, 'deleteConversation', (metadata, hash) =>
          deleteConversation(opts.db, request.body, metadata, hash),
        ),
    );
  };
