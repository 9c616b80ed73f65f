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
import type { AwaitProjected, BlobStore, Db } from '@app/platform';
import type { CommandOutcome } from '../shared/handle-command';
import { runCommandAs, unlessReplayed, type CommandCall } from '../shared/command-route';
import { onOwnFile } from './file-commands';
import type { FileCommand } from './file-decider';

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
    /** A command on one of the caller's files, once per Idempotency-Key; `then` runs after it (a replay too). */
    const onFile = async (
      request: FastifyRequest,
      type: string,
      key: string,
      command: FileCommand,
      then?: () => Promise<void>,
    ): Promise<PositionResponse> => {
      const run = async ({ metadata, key: idempotency }: CommandCall) => {
        const outcome = await onOwnFile(db, key, command, metadata, idempotency.requestHash);
        await then?.();
        return outcome;
      };
      const { result } = await runCommandAs<{ result: CommandOutcome; replayed: boolean }>(
        request,
        opts,
        type,
        run,
        unlessReplayed,
      );
      return { success: true, position: result.position };
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
        const { id: key, tags } = request.body;
        return onFile(request, 'setFileTags', key, { type: 'SetTags', data: { key, tags } });
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
        const { key } = request.body;
        return onFile(request, 'deleteFile', key, { type: 'Delete', data: { key } }, () =>
          opts.blobs.delete(key),
        );
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
        const { key } = request.body;
        return onFile(request, 'reprocessFile', key, { type: 'RequestReprocess', data: { key } });
      },
    );
  };
