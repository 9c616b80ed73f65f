import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationFilingRoutes,
  conversationFilingStreamId,
  CreateFolderRequest,
  DeleteFolderRequest,
  ErrorResponse,
  errorResponses,
  FileConversationRequest,
  FilingCommandResponse,
  PinConversationRequest,
  RenameFolderRequest,
  TagConversationRequest,
} from '@app/contracts';
import type { AwaitProjected, Db } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { runCommand } from '../shared/command-route';
import { filingDecider, FilingRefusal, type FilingCommand } from './filing-decider';

/** A refusal of the decider answered with its own status (409, 404) and message. */
class RefusalAnswer extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'RefusalAnswer';
  }
}

/**
 * POST /api/conversations/folders/{create,rename,delete} and /api/conversations/filing/{folder,pin,
 * unpin,tag,untag}: the caller files their own conversations, on their own stream (only ever theirs:
 * the stream is named after the caller). A conversation is named by its id only, cloud or local.
 * The answer carries the position for `?waitFor=` and comes once the read model shows it.
 */
export const filingRoutesPlugin =
  (opts: { db: Db; awaitProjected: AwaitProjected }): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const run = async (
      request: FastifyRequest,
      type: string,
      command: FilingCommand,
    ): Promise<FilingCommandResponse> => {
      try {
        const { result } = await runCommand(
          request,
          opts,
          type,
          (trx, { actor, metadata }) =>
            handleCommand(trx, filingDecider, conversationFilingStreamId(actor.email), command, { metadata }),
          (outcome) => outcome,
        );
        const folderId = command.type === 'CreateFolder' ? { folderId: command.data.folderId } : {};
        return { success: true, position: result.position, ...folderId };
      } catch (e) {
        if (e instanceof FilingRefusal) throw new RefusalAnswer(e.message, e.status);
        throw e;
      }
    };
    const response = {
      ...errorResponses,
      200: FilingCommandResponse,
      404: ErrorResponse,
      409: ErrorResponse,
    };
    const options = <B>(description: string, body: B) => ({
      preValidation: app.requireUser,
      schema: { description, body, response },
    });
    const r = conversationFilingRoutes;

    routes.post(
      r.createFolder,
      options(
        "Creates a folder of the caller's conversations (409 when they have one of that name, or 200 already).",
        CreateFolderRequest,
      ),
      async (request) =>
        run(request, 'createFolder', {
          type: 'CreateFolder',
          data: { folderId: randomUUID(), name: request.body.name },
        }),
    );
    routes.post(
      r.renameFolder,
      options(
        "Renames one of the caller's folders (404 when it is not theirs, 409 when the name is taken).",
        RenameFolderRequest,
      ),
      async (request) => run(request, 'renameFolder', { type: 'RenameFolder', data: request.body }),
    );
    routes.post(
      r.deleteFolder,
      options(
        "Deletes one of the caller's folders; its conversations move out of it (404 when it is not theirs).",
        DeleteFolderRequest,
      ),
      async (request) => run(request, 'deleteFolder', { type: 'DeleteFolder', data: request.body }),
    );
    routes.post(
      r.file,
      options(
        "Moves one of the caller's conversations into one of their folders, or out of every folder (folderId null).",
        FileConversationRequest,
      ),
      async (request) => run(request, 'fileConversation', { type: 'FileConversation', data: request.body }),
    );
    routes.post(
      r.pin,
      options("Pins one of the caller's conversations at the top of their list.", PinConversationRequest),
      async (request) => run(request, 'pinConversation', { type: 'PinConversation', data: request.body }),
    );
    routes.post(
      r.unpin,
      options("Unpins one of the caller's conversations.", PinConversationRequest),
      async (request) => run(request, 'unpinConversation', { type: 'UnpinConversation', data: request.body }),
    );
    routes.post(
      r.tag,
      options("Adds a tag to one of the caller's conversations (409 past 20 tags).", TagConversationRequest),
      async (request) => run(request, 'tagConversation', { type: 'TagConversation', data: request.body }),
    );
    routes.post(
      r.untag,
      options("Removes a tag from one of the caller's conversations.", TagConversationRequest),
      async (request) => run(request, 'untagConversation', { type: 'UntagConversation', data: request.body }),
    );
  };
