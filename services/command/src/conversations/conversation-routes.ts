import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChooseVersionRequest,
  ConversationCommandResponse,
  conversationRoutes,
  ConversationSettingsRequest,
  DeleteConversationRequest,
  ErrorResponse,
  errorResponses,
  RenameConversationRequest,
} from '@app/contracts';
import type { AwaitProjected, Db } from '@app/platform';
import { runCommandAs, unlessReplayed } from '../shared/command-route';
import { deleteAllRoutesPlugin } from './delete-all-route';
import { onOwnConversation } from './conversation-commands';
import type { ConversationCommand } from './conversation-decider';

/**
 * POST /api/conversations/rename, /delete, /choose-version and /settings: the caller renames or
 * deletes one of their own conversations, records the version of a turn they turned to, or saves
 * its settings (404 for a conversation
 * that is not theirs, or a request that is not one of it). The answer carries the position for `?waitFor=`, and comes once
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
      command: ConversationCommand,
    ): Promise<ConversationCommandResponse> => {
      const { result } = await runCommandAs(
        request,
        opts,
        type,
        ({ metadata, key }) => onOwnConversation(opts.db, command, metadata, key.requestHash),
        unlessReplayed,
      );
      return { success: true, position: result.position };
    };
    const response = { ...errorResponses, 200: ConversationCommandResponse, 404: ErrorResponse };
    // POST /api/conversations/delete-all: the account menu's 'Delete all my conversations'.
    await app.register(deleteAllRoutesPlugin(opts));

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
        onConversation(request, 'renameConversation', { type: 'RenameConversation', data: request.body }),
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
        onConversation(request, 'deleteConversation', { type: 'DeleteConversation', data: request.body }),
    );

    routes.post(
      conversationRoutes.chooseVersion,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            'Records the version of a turn the caller turned to in one of their conversations (404 when it is not theirs or the request is not one of it).',
          body: ChooseVersionRequest,
          response,
        },
      },
      async (request) =>
        onConversation(request, 'chooseVersion', { type: 'ChooseVersion', data: request.body }),
    );

    routes.post(
      conversationRoutes.settings,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            "Saves the settings (instructions, temperature) of one of the caller's conversations (404 when it is not theirs).",
          body: ConversationSettingsRequest,
          response,
        },
      },
      async (request) =>
        onConversation(request, 'changeConversationSettings', {
          type: 'ChangeConversationSettings',
          data: request.body,
        }),
    );
  };
