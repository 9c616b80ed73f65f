import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatImageKey,
  chatImageLimits,
  chatImageMessages,
  chatImageRoutes,
  documentMessages,
  ErrorResponse,
  errorResponses,
} from '@app/contracts';
import type { BlobStore, Db } from '@app/platform';
import { readOwnImage } from './image-bytes';

const ImageParams = z.object({ '*': ChatImageKey });

/**
 * GET /api/files/image/<key>: the bytes of one of the caller's images, for the thumbnails of the
 * messages they sent. The owner only (another user's key, a deleted file: 404); only a PNG, JPEG,
 * GIF or WebP by its bytes (an SVG or HTML named .png: 415), answered as the type sniffed with
 * `nosniff`, so the browser never reads it as anything else.
 */
export const imageRoutePlugin =
  (opts: { db: Db; blobs: BlobStore }): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      chatImageRoutes.contentPattern,
      {
        preValidation: app.requireUser,
        schema: {
          description: "One of the caller's images (png, jpeg, gif, webp), as its bytes.",
          params: ImageParams,
          response: {
            ...errorResponses,
            200: z.instanceof(Buffer).describe('The image bytes, as the type their first bytes say'),
            404: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const actor = await request.actor();
        const image = await readOwnImage(opts, actor.email, request.params['*'], chatImageLimits.bytes);
        void reply.header('X-Content-Type-Options', 'nosniff');
        if (!image.ok) {
          const [status, message] =
            image.reason === 'not-found'
              ? ([404, documentMessages.fileNotFound] as const)
              : image.reason === 'too-large'
                ? ([413, chatImageMessages.tooLarge(image.name)] as const)
                : ([415, chatImageMessages.notAnImage(image.name)] as const);
          return reply.code(status).send({ success: false, message });
        }
        return reply
          .header('Content-Type', image.mediaType)
          .header('Cache-Control', 'private, max-age=3600')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .send(image.bytes);
      },
    );
  };
