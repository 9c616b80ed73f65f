import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { BlobHead, BlobStore, SignDownloadOptions, SignUploadOptions } from './blob-store';
import { assertSafeBlobKey } from './blob-key';
import { attachmentDisposition } from './content-disposition';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** A compatible server (MinIO...); unset: AWS. */
  endpoint?: string;
  /** Unset: the SDK's default chain (environment, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** The bucket in the path, not the host name (most compatible servers). */
  forcePathStyle?: boolean;
  /**
   * The endpoint as browsers reach it, for the signed URLs only (a server on an internal network
   * behind the front door: `PUBLIC_URL`, with the bucket's path routed to it); unset: `endpoint`.
   */
  publicEndpoint?: string;
}

/** What the SDK answers for a key or bucket that is not there. */
const isNotFound = (e: unknown): boolean =>
  e instanceof S3ServiceException &&
  (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404);

/** What `read` answers, or null when the key is not there. */
const orNullWhenMissing = async <T>(read: () => Promise<T | null>): Promise<T | null> => {
  try {
    return await read();
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
};

/** The metadata (x-amz-meta-*) of what `delete` leaves under a key. */
const tombstoneMeta = 'amplify-deleted';
const isTombstone = (metadata: Record<string, string> | undefined): boolean =>
  metadata?.[tombstoneMeta] === '1';

/** A plain PUT's ETag is the hex MD5 of its bytes (not a multipart upload's, nor under SSE-KMS). */
const md5FromEtag = (etag: string | undefined): string | undefined => {
  const hex = /^"?([0-9a-f]{32})"?$/i.exec(etag ?? '')?.[1];
  return hex === undefined ? undefined : Buffer.from(hex, 'hex').toString('base64');
};

/**
 * Objects in one S3 bucket; the browser PUTs and GETs through presigned URLs. Content-Type and
 * Content-MD5 are signed headers of the PUT URL (S3 refuses bytes that do not match them). A
 * presigned PUT cannot bound an unknown size: `maxBytes` is not enforced here (`boundsUploads` is
 * unset), so callers sign the declared `contentLength`, and whoever reads the object next (the
 * metadata poll, the processing job, through `head`) re-checks the size and refuses it when larger.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  /** Signs the browsers' URLs (no request is sent through it). */
  private readonly signer: S3Client;
  private readonly bucket: string;

  constructor(opts: S3BlobStoreOptions) {
    this.bucket = opts.bucket;
    this.client = S3BlobStore.clientFor(opts, opts.endpoint);
    this.signer =
      opts.publicEndpoint === undefined ? this.client : S3BlobStore.clientFor(opts, opts.publicEndpoint);
  }

  private static clientFor(opts: S3BlobStoreOptions, endpoint: string | undefined): S3Client {
    return new S3Client({
      region: opts.region,
      endpoint,
      credentials: opts.credentials,
      forcePathStyle: opts.forcePathStyle ?? false,
      // No CRC32 checksum headers or query parameters the browser would have to send, and none
      // a compatible server may not answer.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async signUpload(key: string, opts: SignUploadOptions): Promise<string> {
    assertSafeBlobKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: opts.contentType,
      ContentMD5: opts.contentMd5,
      Metadata: opts.metadata,
      // Only while nothing is under the key (not even a tombstone): the URL stores bytes once.
      IfNoneMatch: '*',
      ...(opts.contentLength === undefined ? {} : { ContentLength: opts.contentLength }),
    });
    return getSignedUrl(this.signer, command, {
      expiresIn: Math.max(1, Math.floor(opts.expiresInSeconds)),
      // The presigner leaves these unsigned unless asked: signed, S3 refuses a PUT of another type,
      // one without the condition, or (when declared) of another size.
      signableHeaders: new Set([
        'content-type',
        'if-none-match',
        ...(opts.contentLength === undefined ? [] : ['content-length']),
      ]),
    });
  }

  async signDownload(key: string, opts: SignDownloadOptions): Promise<string> {
    assertSafeBlobKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: attachmentDisposition(opts.fileName ?? key.split('/').pop() ?? 'download'),
    });
    return getSignedUrl(this.signer, command, { expiresIn: Math.max(1, Math.floor(opts.expiresInSeconds)) });
  }

  async head(key: string): Promise<BlobHead | null> {
    assertSafeBlobKey(key);
    return orNullWhenMissing(async () => {
      const found = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      if (isTombstone(found.Metadata)) return null;
      return {
        size: found.ContentLength ?? 0,
        contentType: found.ContentType ?? 'application/octet-stream',
        md5: md5FromEtag(found.ETag),
      };
    });
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeBlobKey(key);
    return orNullWhenMissing(async () => {
      const found = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (isTombstone(found.Metadata)) {
        await found.Body?.transformToByteArray();
        return null;
      }
      if (!found.Body) return Buffer.alloc(0);
      return Buffer.from(await found.Body.transformToByteArray());
    });
  }

  async stream(key: string): Promise<Readable | null> {
    assertSafeBlobKey(key);
    return orNullWhenMissing(async () => {
      const found = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // On Node the SDK's body is the response's own Readable; anything else is read whole.
      const body =
        found.Body === undefined
          ? Readable.from([])
          : found.Body instanceof Readable
            ? found.Body
            : Readable.from([Buffer.from(await found.Body.transformToByteArray())]);
      if (!isTombstone(found.Metadata)) return body;
      body.destroy();
      return null;
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeBlobKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /**
   * Replaces the object with an empty tombstone rather than removing it: a URL signed earlier for
   * the key still finds something there, so its conditional PUT is refused (412) and its download
   * serves no bytes. Readers here take a tombstone for nothing.
   */
  async delete(key: string): Promise<void> {
    assertSafeBlobKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: Buffer.alloc(0),
        ContentType: 'application/octet-stream',
        Metadata: { [tombstoneMeta]: '1' },
      }),
    );
  }

  /** Closes the client's sockets (shutdown, tests). */
  close(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}
