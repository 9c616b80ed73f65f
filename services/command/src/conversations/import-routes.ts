import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationExportRoutes,
  conversationFileLimits,
  errorResponses,
  ImportConversationsRequest,
  ImportConversationsResponse,
  ImportRefusedResponse,
} from '@app/contracts';
import type { AwaitProjected, Db, SecretBox } from '@app/platform';
import { runCommandAs } from '../shared/command-route';
import { ImportRefusal, importConversations } from './import-conversations';

/**
 * POST /api/conversations/import: conversations from a file (ours, or ChatGPT's `conversations.json`)
 * into the caller's cloud (appended, answered once projected) or for their browser (checked and given
 * new ids, answered for the browser to keep). A file past its bounds, or with a conversation that
 * cannot be read, is a 400 listing each, and nothing is imported.
 */
export const importRoutesPlugin =
  (opts: { db: Db; awaitProjected: AwaitProjected; secrets: SecretBox }): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      conversationExportRoutes.import,
      {
        preValidation: app.requireUser,
        bodyLimit: conversationFileLimits.bodyBytes,
        schema: {
          description:
            "Imports conversations from a file (this application's export or ChatGPT's conversations.json) into the caller's cloud or for their browser; 400 listing the conversations that cannot be read, nothing imported.",
          body: ImportConversationsRequest,
          response: { ...errorResponses, 200: ImportConversationsResponse, 400: ImportRefusedResponse },
        },
      },
      async (request, reply) => {
        try {
          const outcome = await runCommandAs(
            request,
            opts,
            'importConversations',
            ({ metadata, key }) =>
              importConversations(opts.db, {
                file: request.body.file,
                storage: request.body.storage,
                metadata,
                requestHash: key.requestHash,
                masterKeyId: opts.secrets.keyId,
              }),
            (o) => (o.eventCount > 0 ? { position: o.position, eventCount: o.eventCount } : undefined),
          );
          const answer: ImportConversationsResponse = {
            success: true,
            imported: outcome.imported,
            conversations: outcome.conversations,
            ids: outcome.ids,
            position: outcome.position,
          };
          return answer;
        } catch (e) {
          if (!(e instanceof ImportRefusal)) throw e;
          const refused: ImportRefusedResponse = {
            success: false,
            message: e.message,
            ...(e.problems ? { problems: e.problems } : {}),
          };
          return reply.code(400).send(refused);
        }
      },
    );
  };
