/**
 * Where documents' bytes live, behind one port: the filesystem under `DATA_DIR` for the embedded
 * default (HMAC-signed, expiring URLs served by `blobRoutes`), S3 (`@aws-sdk/client-s3` and its
 * presigner) for the split deployment. Keys are chosen by the server, never by a caller.
 */
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
  expiresInSeconds: number;
  /** Extra metadata kept with the object (S3: x-amz-meta-*). */
  metadata?: Record<string, string>;
}

export interface SignDownloadOptions {
  expiresInSeconds: number;
  /** The name the browser saves it under. */
  fileName?: string;
}

export interface BlobStore {
  /** A URL the browser PUTs the bytes to. */
  signUpload(key: string, opts: SignUploadOptions): Promise<string>;
  /** A URL the browser GETs the bytes from. */
  signDownload(key: string, opts: SignDownloadOptions): Promise<string>;
  head(key: string): Promise<BlobHead | null>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Deleting a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Told when a signed upload completed (the filesystem store knows at once; S3 is checked on the status poll). */
export type BlobUploaded = (key: string, head: BlobHead) => Promise<void>;
