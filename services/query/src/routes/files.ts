import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  FileQueryRequest,
  FileQueryResponse,
  fileRoutes,
  TagsListResponse,
  WaitForQuery,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { waitForPosition } from '../read/wait-for';
import { queryFiles, readFileTags } from './files-read';

/**
 * POST /files/query: a page of the caller's files (search, tags, cursor). GET /files/tags/list: the
 * tags on the caller's files. Only ever the caller's own; both take `?waitFor=`.
 */
export const filesRoutes =
  (db: Db, projections: readonly Projection[]): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      fileRoutes.query,
      {
        preValidation: app.requireUser,
        schema: {
          description: "A page of the caller's files, the most recently changed first.",
          querystring: WaitForQuery,
          body: FileQueryRequest,
          response: { ...errorResponses, 200: FileQueryResponse },
        },
      },
      async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const answer: FileQueryResponse = {
          success: true,
          data: await queryFiles(db, request.principal ?? '', request.body),
        };
        return answer;
      },
    );

    routes.get(
      fileRoutes.tagsList,
      {
        preValidation: app.requireUser,
        schema: {
          description: "Every tag on the caller's files.",
          querystring: WaitForQuery,
          response: { ...errorResponses, 200: TagsListResponse },
        },
      },
      async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const answer: TagsListResponse = {
          success: true,
          data: { tags: await readFileTags(db, request.principal ?? '') },
        };
        return answer;
      },
    );
  };
