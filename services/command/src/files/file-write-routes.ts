import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConversationCommandResponse as PositionResponse,
  ErrorResponse,
  errorResponses,
  FileKeyRequest,
  fileRoutes,
  SetFileTagsRequest,
} from '@app/contracts';
import { commandMetadata, requestHashOf, type AwaitProjected, type BlobStore, type Db } from '@app/platform';
import type { CommandOutcome } from '../shared/handle-command';
import { timedCommand } from '../shared/command-metrics';
import { onOwnFile } from './file-commands';
import { awaitCommandProjected } from '../shared/projected-answer';

export interface FileWriteRoutesOptions {
  db: Db;
  blobs: BlobStore;
  awaitProjected: AwaitProjected;
}

/**
 * POST /files/set_tags, /files/delete and /files/reprocess/rag on one of the caller's files (404 for
 * any other, nothing appended). A delete records FileDeleted, then removes the bytes.
 */
export const fileWriteRoutesPlugin =
  (opts: FileWriteRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const { db } = opts;
    const response = { ...errorResponses, 200: PositionResponse, 404: ErrorResponse };
    const answer = async (
      request: FastifyRequest,
      outcome: { result: CommandOutcome; replayed: boolean },
    ) => {
      const { position } = outcome.result;
      if (!outcome.replayed) await awaitCommandProjected(request, db, opts.awaitProjected, outcome.result);
      const body: PositionResponse = { success: true, position };
      return body;
    };

    routes.post(
      fileRoutes.setTags,
      {
        preValidation: app.requireUser,
        schema: {
          description: "Sets the tags of one of the caller's files.",
          body: SetFileTagsRequest,
          response,
        },
      },
      async (request) => {
        const metadata = commandMetadata(request, await request.actor());
        const { id: key, tags } = request.body;
        return answer(
          request,
          await timedCommand('setFileTags', () =>
            onOwnFile(db, key, { type: 'SetTags', data: { key, tags } }, metadata, requestHashOf(request)),
          ),
        );
      },
    );

    routes.post(
      fileRoutes.delete,
      {
        preValidation: app.requireUser,
        schema: {
          description: "Deletes one of the caller's files and its bytes.",
          body: FileKeyRequest,
          response,
        },
      },
      async (request) => {
        const metadata = commandMetadata(request, await request.actor());
        const { key } = request.body;
        const outcome = await timedCommand('deleteFile', () =>
          onOwnFile(db, key, { type: 'Delete', data: { key } }, metadata, requestHashOf(request)),
        );
        await opts.blobs.delete(key);
        return answer(request, outcome);
      },
    );

    routes.post(
      fileRoutes.reprocess,
      {
        preValidation: app.requireUser,
        schema: {
          description: "Processes one of the caller's files again (extraction and embedding).",
          body: FileKeyRequest,
          response,
        },
      },
      async (request) => {
        const metadata = commandMetadata(request, await request.actor());
        const { key } = request.body;
        return answer(
          request,
          await timedCommand('reprocessFile', () =>
            onOwnFile(db, key, { type: 'RequestReprocess', data: { key } }, metadata, requestHashOf(request)),
          ),
        );
      },
    );
  };
