import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { blobRoutes as blobPaths, documentMessages } from '@app/contracts';
import type { BlobUploaded } from './blob-store';
import type { FsBlobStore } from './fs-blob-store';
import { receiveCapped } from './receive-capped';
import { attachmentDisposition } from './content-disposition';
import { rm } from 'node:fs/promises';

export interface BlobRoutesOptions {
  store: FsBlobStore;
  /** Told once the bytes are in place (the command records FileUploaded). */
  onUploaded?: BlobUploaded;
}

const TokenParams = z.object({ '*': z.string().min(1).max(8000) });

/**
 * The contracts' `/blobs/upload/:token` registered as a wildcard: a token is far longer than the
 * router's parameter bound (Fastify's `maxParamLength`, 100), which a wildcard does not have.
 */
const asWildcard = (pattern: string): string => pattern.replace(':token', '*');
const tokenOf = (params: unknown): string => TokenParams.parse(params)['*'];

/** `type/subtype` of a Content-Type, lower case, without parameters. */
const mediaType = (value: string | undefined): string => (value ?? '').split(';')[0]!.trim().toLowerCase();

const refuse = (reply: FastifyReply, code: number, message: string, close = false) => {
  // The body was not (all) read: closing the connection keeps its rest from reaching the next request.
  if (close) void reply.header('connection', 'close');
  return reply.code(code).send({ success: false, message });
};

/** A stored type as a header value: one with a control character (kept before types were checked) is served as bytes. */
const servedType = (type: string): string =>
  /[\u0000-\u001f\u007f-\u009f]/.test(type) ? 'application/octet-stream' : type;

const refusedMessage = {
  used: documentMessages.uploadUsed,
  deleted: documentMessages.uploadRevoked,
} as const;

/** The filesystem is full (or the user's disk quota is): 507 Insufficient Storage. */
const isNoSpace = (e: unknown): boolean =>
  e instanceof Error && 'code' in e && (e.code === 'ENOSPC' || e.code === 'EDQUOT');

const megabytes = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/**
 * The filesystem store's signed URLs (contracts `blobRoutes`): PUT streams the body to a temp file
 * under a hard byte cap with its digests checked, then moves it into place, once per key (a second
 * PUT, or one after the key was deleted, is 409 and stores nothing); GET streams it back as
 * an attachment. The token in the path is the whole authorisation (no session): it is signed,
 * expires and names one key and one operation.
 */
export const blobRoutes =
  (opts: BlobRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    // This plugin's scope only: every body reaches the handler unread, whatever its type.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    app.put(asWildcard(blobPaths.uploadPattern), async (request, reply) => {
      const token = tokenOf(request.params);
      const check = opts.store.checkToken(token, 'upload');
      if (!check.ok) return refuse(reply, 403, documentMessages.urlExpired, true);
      const grant = check.payload;
      const refusal = await opts.store.uploadRefusal(grant.key);
      if (refusal !== null) return refuse(reply, 409, refusedMessage[refusal], true);
      const maxBytes = grant.maxBytes ?? 0;
      const tooLarge = grant.tooLarge ?? documentMessages.tooLarge(megabytes(maxBytes));

      const contentType = request.headers['content-type'];
      if (grant.contentType !== undefined && mediaType(contentType) !== mediaType(grant.contentType))
        return refuse(reply, 400, documentMessages.uploadFailed, true);
      const headerMd5 = request.headers['content-md5'];
      if (grant.md5 !== undefined && headerMd5 !== grant.md5)
        return refuse(reply, 400, documentMessages.md5Mismatch, true);
      const declared = Number(request.headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(declared) && declared > maxBytes) return refuse(reply, 413, tooLarge, true);

      const temp = await opts.store.tempPath();
      try {
        const received = await receiveCapped(request.raw, temp, maxBytes);
        if (received.kind === 'too_large') return refuse(reply, 413, tooLarge, true);
        const expectedMd5 = grant.md5 ?? (typeof headerMd5 === 'string' ? headerMd5 : undefined);
        if (expectedMd5 !== undefined && received.md5 !== expectedMd5)
          return refuse(reply, 400, documentMessages.md5Mismatch);
        const head = {
          size: received.size,
          contentType: grant.contentType ?? (mediaType(contentType) || 'application/octet-stream'),
          md5: received.md5,
          sha256: received.sha256,
        };
        // One PUT per key, whatever URL it came by: of two racing, the second stores nothing.
        const claimed = await opts.store.claimUpload(grant.key);
        if (!claimed) {
          const now = (await opts.store.uploadRefusal(grant.key)) ?? 'used';
          return refuse(reply, 409, refusedMessage[now]);
        }
        try {
          await opts.store.commit(temp, { key: grant.key, ...head, metadata: grant.meta });
        } catch (e) {
          // Nothing stored: the key takes a PUT again rather than answering 409 for good.
          await opts.store.releaseUpload(grant.key);
          request.log.error({ err: e, key: grant.key }, 'a signed upload could not be stored');
          return refuse(reply, isNoSpace(e) ? 507 : 503, documentMessages.uploadNotStored);
        }
        if (!(await opts.store.keepUnlessDeleted(grant.key)))
          return refuse(reply, 409, documentMessages.uploadRevoked);
        await opts.onUploaded?.(grant.key, head);
        const etag = Buffer.from(received.md5, 'base64').toString('hex');
        return reply.code(200).header('etag', `"${etag}"`).send();
      } finally {
        await rm(temp, { force: true });
      }
    });

    app.get(asWildcard(blobPaths.downloadPattern), async (request, reply) => {
      const token = tokenOf(request.params);
      const check = opts.store.checkToken(token, 'download');
      if (!check.ok) return refuse(reply, 403, documentMessages.downloadExpired);
      const found = await opts.store.openRead(check.payload.key);
      if (!found) return refuse(reply, 404, documentMessages.fileNotFound);
      const fallbackName = check.payload.key.split('/').pop() ?? 'download';
      return reply
        .header('content-type', servedType(found.meta.contentType))
        .header('content-length', String(found.meta.size))
        .header('content-disposition', attachmentDisposition(check.payload.fileName ?? fallbackName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(found.stream);
    });
  };

/** The same plugin under a name that does not clash with the contracts' `blobRoutes` paths. */
export const blobStoreRoutes = blobRoutes;
