import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatId,
  CreateShareRequest,
  CreateShareResponse,
  ErrorResponse,
  errorResponses,
  ShareCommandResponse,
  ShareId,
  shareRoutes,
  ShareViewResponse,
} from '@app/contracts';
import type { AwaitProjected, Db, SecretBox } from '@app/platform';
import { assistantCallerOf } from '../assistants/index';
import { runCommand, runCommandAs } from '../shared/command-route';
import { createShare, revokeShare, viewShare } from './share-commands';

const ConversationParams = z.object({ conversationId: ChatId });
const ShareParams = z.object({ shareId: ShareId });

/**
 * Sharing a cloud conversation: POST /api/conversations/:conversationId/share (the caller's own
 * cloud conversation; another's or a local one: 404) makes the share; GET /api/shares/:shareId
 * answers its snapshot to whoever its rules allow (403 otherwise, 404 once revoked or unknown),
 * each answer a `ShareViewed`; DELETE /api/shares/:shareId revokes it (its owner only).
 */
export const shareRoutesPlugin =
  (opts: { db: Db; awaitProjected?: AwaitProjected | undefined; secrets: SecretBox }): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      shareRoutes.createPattern,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            "Shares a read-only snapshot of one of the caller's cloud conversations with everyone signed in, or with listed users and Amplify groups (404 when it is not theirs in the cloud).",
          params: ConversationParams,
          body: CreateShareRequest,
          response: { ...errorResponses, 200: CreateShareResponse, 404: ErrorResponse },
        },
      },
      async (request): Promise<CreateShareResponse> => {
        const { result } = await runCommand(
          request,
          opts,
          'shareConversation',
          (trx, { metadata }) =>
            createShare(trx, {
              conversationId: request.params.conversationId,
              request: request.body,
              metadata,
              masterKeyId: opts.secrets.keyId,
            }),
          (outcome) => outcome,
        );
        return { success: true, shareId: result.shareId, url: result.url, position: result.position };
      },
    );

    routes.get(
      shareRoutes.onePattern,
      {
        preValidation: app.requireUser,
        // Each answer appends a ShareViewed: counted in the caller's budget like a command.
        config: { recordsEvents: true },
        schema: {
          description:
            'A shared conversation: its snapshot, for whoever its rules allow (403 otherwise; 404 when it is unknown, revoked or its conversation deleted). Each answer records a ShareViewed.',
          params: ShareParams,
          response: { ...errorResponses, 200: ShareViewResponse, 403: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (request): Promise<ShareViewResponse> => {
        const { shareId } = request.params;
        const seen = await runCommandAs(request, opts, 'viewShare', async ({ actor, metadata }) => {
          const caller = await assistantCallerOf(opts.db, actor.email);
          const viewer = { email: actor.email, amplifyGroups: caller.amplifyGroups };
          return opts.db.transaction().execute((trx) => viewShare(trx, { shareId, viewer, metadata }));
        });
        return { success: true, shareId, snapshot: seen.snapshot };
      },
    );

    routes.delete(
      shareRoutes.onePattern,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            "Revokes one of the caller's shares (404 when it is not theirs); its link then answers 404.",
          params: ShareParams,
          response: { ...errorResponses, 200: ShareCommandResponse, 404: ErrorResponse },
        },
      },
      async (request): Promise<ShareCommandResponse> => {
        const { result } = await runCommand(
          request,
          opts,
          'revokeShare',
          (trx, { metadata }) => revokeShare(trx, { shareId: request.params.shareId, metadata }),
          (outcome) => outcome,
        );
        return { success: true, position: result.position };
      },
    );
  };
