import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiDocumentationStreamId,
  ApiDocsResponse,
  ApiDocsUploadRequest,
  errorResponses,
  featureDataLimits,
  featureDataRoutes,
  fileExtension,
  PresignedUrlResponse,
  type ApiDocKind,
} from '@app/contracts';
import type { BlobStore } from '@app/platform';
import { apiDocKey, apiDocTemplatesKey } from './blob-keys';
import { apiDocTemplatesZip } from './api-doc-templates';
import { apiDocumentationDecider, type StoredApiDoc } from './api-documentation-decider';
import { currentApiDocs } from './confirm-uploads';
import type { FeatureDataRouteOptions } from './pptx-routes';
import { runRequestCommand } from '../shared/command-step';
import { requestMetadata } from '../shared/command-route';
import { presignedUpload, storedContentType } from './upload-type';

const downloadUrl = (blobs: BlobStore, doc: StoredApiDoc | undefined): Promise<string | null> =>
  doc
    ? blobs.signDownload(doc.key, { expiresInSeconds: featureDataLimits.urlSeconds, fileName: doc.fileName })
    : Promise.resolve(null);

/** The templates' zip, stored once (its key names its content), then a signed url of it. */
const templatesUrl = async (blobs: BlobStore): Promise<string> => {
  const { zip, hash } = await apiDocTemplatesZip();
  const key = apiDocTemplatesKey(hash);
  if ((await blobs.head(key)) === null) await blobs.put(key, zip, 'application/zip');
  return blobs.signDownload(key, {
    expiresInSeconds: featureDataLimits.urlSeconds,
    fileName: 'API_Documentation_Templates.zip',
  });
};

/**
 * The API documentation: admins upload a pdf, a csv or a Postman collection json and download the
 * templates' zip; every signed-in user gets download urls of what was uploaded.
 */
export const apiDocsRoutes =
  (opts: FeatureDataRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      featureDataRoutes.apiDocsUpload,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            'Uploads API documentation (pdf, csv or Postman collection json): answers the signed PUT url.',
          body: ApiDocsUploadRequest,
          response: { ...errorResponses, 200: PresignedUrlResponse },
        },
      },
      async (request) => {
        const { filename, content_md5 } = request.body;
        const contentType = storedContentType('apiDocs', filename);
        const key = apiDocKey(filename);
        const data = {
          kind: fileExtension(filename) as ApiDocKind,
          key,
          fileName: filename,
          md5: content_md5,
          requestedAt: new Date().toISOString(),
        };
        const { result } = await runRequestCommand({ db: opts.db }, request, {
          name: 'requestApiDocUpload',
          decider: apiDocumentationDecider,
          streamId: apiDocumentationStreamId,
          command: { type: 'RequestApiDocUpload', data },
          key,
        });
        return presignedUpload(opts.blobs, result.key ?? key, { contentType, md5: content_md5 });
      },
    );

    routes.get(
      featureDataRoutes.apiDocsGet,
      {
        preValidation: app.requireUser,
        schema: {
          description: 'Signed download urls of the API documentation (null for a kind never uploaded).',
          response: { ...errorResponses, 200: ApiDocsResponse },
        },
      },
      async (request) => {
        const { current } = await currentApiDocs(
          opts.db,
          opts.blobs,
          requestMetadata(request, await request.actor()),
        );
        const answer: ApiDocsResponse = {
          success: true,
          doc_url: await downloadUrl(opts.blobs, current.pdf),
          csv_url: await downloadUrl(opts.blobs, current.csv),
          postman_url: await downloadUrl(opts.blobs, current.json),
        };
        return answer;
      },
    );

    routes.get(
      featureDataRoutes.apiDocsTemplates,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: 'A signed download url of the zip of API documentation templates.',
          response: { ...errorResponses, 200: PresignedUrlResponse },
        },
      },
      async () => {
        const answer: PresignedUrlResponse = { success: true, presigned_url: await templatesUrl(opts.blobs) };
        return answer;
      },
    );
  };
