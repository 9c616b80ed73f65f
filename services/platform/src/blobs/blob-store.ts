/**
 * Where documents' bytes live, behind one port: the filesystem under `DATA_DIR` for the embedded
 * default (HMAC-signed, expiring URLs served by `blobRoutes`), S3 (`@aws-sdk/client-s3` and its
 * presigner) for the split deployment. Keys are chosen by the server, never by a caller.
 */
import type { Readable } from 'node:stream';

export interface BlobHead {
  size: number;
  contentType: string;
  /** Base64 MD5 of the bytes, when the store knows it. */
  md5?: string;
  /** Hex SHA-256 of the bytes, when the store computed it (the filesystem store does on upload; S3 does not). */
  sha256?: string;
}

export interface SignUploadOptions {
  contentType: string;
  /** Base64 MD5 the PUT must carry (and the bytes must match). */
  contentMd5?: string;
  /** Refused past this many bytes. */
  maxBytes: number;
  /** The exact size the PUT must have, when the caller declared it (S3 signs it; files cap at maxBytes). */
  contentLength?: number;
  /** What a PUT past `maxBytes` is told, when not the file size limit (a quota's refusal; the filesystem store). */
  tooLargeMessage?: string;
  expiresInSeconds: number;
  /** Extra metadata kept with the object (S3: x-amz-meta-*). */
  metadata?: Record<string, string>;
}

export interface SignDownloadOptions {
  expiresInSeconds: number;
  /** The name the browser saves it under. */
  fileName?: string;
}

/**
 * A key takes bytes through a signed URL once: a second PUT (by the same URL or another signed for
 * the key) is refused, and so is one after `delete`. The filesystem store enforces it itself; S3
 * through a conditional PUT (`If-None-Match: *`, signed, so the browser must send it) and a
 * tombstone left by `delete`, on servers that implement conditional writes.
 */
export interface BlobStore {
  /**
   * True when the store itself refuses a signed PUT past `maxBytes` (the filesystem store). Unset: only
   * a signed `contentLength` bounds a PUT (S3's presigned URL cannot cap an unknown size).
   */
  readonly boundsUploads?: boolean;
  /** A URL the browser PUTs the bytes to (with Content-Type, Content-MD5 and `If-None-Match: *`). */
  signUpload(key: string, opts: SignUploadOptions): Promise<string>;
  /** A URL the browser GETs the bytes from. */
  signDownload(key: string, opts: SignDownloadOptions): Promise<string>;
  head(key: string): Promise<BlobHead | null>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The whole object as a stream (read it without holding it in memory), or null when there is none. */
  stream?(key: string): Promise<Readable | null>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Deleting a key that is not there is not an error. The key takes no signed upload afterwards. */
  delete(key: string): Promise<void>;
}

/** Told when a signed upload completed (the filesystem store knows at once; S3 is checked on the status poll). */
export type BlobUploaded = (key: string, head: BlobHead) => Promise<void>;
