import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  collapsedFileName,
  errorResponses,
  FeatureDataChangeResponse,
  featureDataRoutes,
  PptxDeleteQuery,
  PptxUpdateRequest,
  PptxUploadRequest,
  pptxTemplatesStreamId,
  PresignedUrlResponse,
} from '@app/contracts';
import type { AwaitProjected, BlobStore, Db } from '@app/platform';
import { loadState } from '../shared/stream-state';
import { pptxTemplateKey } from './blob-keys';
import { pptxTemplatesDecider, templateNamed } from './pptx-templates-decider';
import { runRequestCommand } from '../shared/command-step';
import { presignedUpload, storedContentType } from './upload-type';

export interface FeatureDataRouteOptions {
  db: Db;
  blobs: BlobStore;
  awaitProjected: AwaitProjected;
}

/**
 * The PowerPoint templates (admins): upload (a pptx, a name no other template has; answers the url
 * the browser PUTs the file to), availability, delete. The list is a read (query service).
 */
export const pptxTemplateRoutes =
  (opts: FeatureDataRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const step = { decider: pptxTemplatesDecider, streamId: pptxTemplatesStreamId };

    routes.post(
      featureDataRoutes.pptxUpload,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: 'Adds a PowerPoint template (pptx) and answers the signed url its bytes are PUT to.',
          body: PptxUploadRequest,
          response: { ...errorResponses, 200: PresignedUrlResponse },
        },
      },
      async (request) => {
        const body = request.body;
        const contentType = storedContentType('pptx', body.fileName, body.contentType);
        const key = pptxTemplateKey();
        const { result } = await runRequestCommand(opts, request, {
          ...step,
          name: 'addPptxTemplate',
          key,
          command: {
            type: 'AddPptxTemplate',
            data: {
              name: collapsedFileName(body.fileName),
              key,
              isAvailable: body.isAvailable,
              amplifyGroups: body.amplifyGroups,
              md5: body.md5,
            },
          },
        });
        return presignedUpload(opts.blobs, result.key ?? key, { contentType, md5: body.md5 });
      },
    );

    routes.delete(
      featureDataRoutes.pptxDelete,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: 'Deletes a PowerPoint template (and its file).',
          querystring: PptxDeleteQuery,
          response: { ...errorResponses, 200: FeatureDataChangeResponse },
        },
      },
      async (request) => {
        const name = request.query.template_name;
        const state = (await loadState(opts.db, pptxTemplatesDecider, pptxTemplatesStreamId)).state;
        const key = templateNamed(state, name)?.template.key;
        const { result, replayed } = await runRequestCommand(opts, request, {
          ...step,
          name: 'deletePptxTemplate',
          command: { type: 'DeletePptxTemplate', data: { name } },
          ...(key === undefined ? {} : { key }),
        });
        if (!replayed && result.key !== undefined) await opts.blobs.delete(result.key);
        const answer: FeatureDataChangeResponse = { success: true, position: result.position };
        return answer;
      },
    );

    routes.post(
      featureDataRoutes.pptxUpdate,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            'Makes a PowerPoint template available or not (to everyone, or to some Amplify groups).',
          body: PptxUpdateRequest,
          response: { ...errorResponses, 200: FeatureDataChangeResponse },
        },
      },
      async (request) => {
        const { templateName, isAvailable, amplifyGroups } = request.body;
        const { result } = await runRequestCommand(opts, request, {
          ...step,
          name: 'updatePptxTemplate',
          command: {
            type: 'UpdatePptxTemplate',
            data: { name: templateName, isAvailable, ...(amplifyGroups ? { amplifyGroups } : {}) },
          },
        });
        const answer: FeatureDataChangeResponse = { success: true, position: result.position };
        return answer;
      },
    );
  };
