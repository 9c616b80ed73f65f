import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentMessages,
  DownloadUrlResponse,
  ErrorResponse,
  errorResponses,
  FileKeyRequest,
  fileLimits,
  FileMetadataResponse,
  fileRoutes,
  storageQuotaMessage,
  UploadFileRequest,
  UploadFileResponse,
} from '@app/contracts';
import { DomainError, type BlobStore, type Db } from '@app/platform';
import { requestMetadata, runCommandAs } from '../shared/command-route';
import { ownFile, requestFileUpload } from './file-commands';
import { readFileMetadata } from './file-metadata';
import { uploadContentType, uploadRefusal } from './upload-rules';

/** The upload request, with the Content-MD5 the PUT must carry when the browser knows it already. */
export const UploadFileBody = UploadFileRequest.extend({
  md5: z
    .string()
    .regex(/^[A-Za-z0-9+/]{22}==$/, 'The MD5 is not a base64 digest')
    .optional(),
});

const MetadataParams = z.object({ '*': z.string().min(1).max(2000) });

export interface FileRoutesOptions {
  db: Db;
  blobs: BlobStore;
  /** Each user's storage quota in bytes (USER_STORAGE_QUOTA_MB). */
  storageQuotaBytes: number;
}

/**
 * POST /api/files/upload: the caller's file is recorded (FileUploadRequested) under a key the
 * server chooses, and they get where to PUT its bytes. GET /api/files/metadata/<key>: its status
 * (the owner only). POST /files/download: a signed url to its bytes (the owner only).
 */
export const fileRoutesPlugin =
  (opts: FileRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const { db, blobs } = opts;

    routes.post(
      fileRoutes.upload,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'file_upload' },
        schema: {
          description: 'Records a file the caller will upload; answers the signed url to PUT its bytes to.',
          body: UploadFileBody,
          response: { ...errorResponses, 200: UploadFileResponse },
        },
      },
      async (request) => {
        const { md5, ...upload } = request.body;
        const refusal = uploadRefusal(upload);
        if (refusal !== null) throw new DomainError(refusal);
        // A store that cannot cap a PUT (S3) is bounded only by the signed Content-Length.
        if (upload.size === undefined && blobs.boundsUploads !== true)
          throw new DomainError(documentMessages.sizeRequired);
        const quotaBytes = opts.storageQuotaBytes;
        const { key, reservation } = await runCommandAs(request, opts, 'requestFileUpload', (call) =>
          requestFileUpload(
            db,
            {
              owner: call.actor.email,
              request: upload,
              storage: { declaredBytes: upload.size, capBytes: fileLimits.maxBytes, quotaBytes },
            },
            call.metadata,
            call.key.requestHash,
          ),
        );
        // The URL takes no more than was reserved: the declared size, else what the quota left.
        const maxBytes = Math.min(fileLimits.maxBytes, reservation?.bytes ?? fileLimits.maxBytes);
        const quotaBound =
          reservation !== undefined && upload.size === undefined && maxBytes < fileLimits.maxBytes;
        const expiresInSeconds = fileLimits.urlSeconds;
        const answer: UploadFileResponse = {
          success: true,
          key,
          url: await blobs.signUpload(key, {
            contentType: uploadContentType(upload.type),
            ...(md5 === undefined ? {} : { contentMd5: md5 }),
            maxBytes,
            ...(upload.size === undefined ? {} : { contentLength: upload.size }),
            ...(quotaBound
              ? { tooLargeMessage: storageQuotaMessage(quotaBytes, reservation.usedBytes) }
              : {}),
            expiresInSeconds,
          }),
          contentUrl: await blobs.signDownload(key, { expiresInSeconds, fileName: upload.name }),
          statusUrl: fileRoutes.metadata(key),
          metadataUrl: fileRoutes.metadata(key),
        };
        return answer;
      },
    );

    routes.get(
      fileRoutes.metadataPattern,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'file_upload' },
        schema: {
          description: "One of the caller's files: its processing status and what processing found.",
          params: MetadataParams,
          response: { ...errorResponses, 200: FileMetadataResponse, 404: ErrorResponse },
        },
      },
      async (request) => {
        const metadata = requestMetadata(request, await request.actor());
        const answer: FileMetadataResponse = {
          success: true,
          data: await readFileMetadata(opts, request.params['*'], metadata),
        };
        return answer;
      },
    );

    routes.post(
      fileRoutes.download,
      {
        preValidation: app.requireUser,
        schema: {
          description: "A signed url to one of the caller's files.",
          body: FileKeyRequest,
          response: { ...errorResponses, 200: DownloadUrlResponse, 404: ErrorResponse },
        },
      },
      async (request) => {
        const actor = await request.actor();
        const state = await ownFile(db, actor.email, request.body.key);
        const answer: DownloadUrlResponse = {
          success: true,
          downloadUrl: await blobs.signDownload(request.body.key, {
            expiresInSeconds: fileLimits.urlSeconds,
            fileName: state.name,
          }),
        };
        return answer;
      },
    );
  };
