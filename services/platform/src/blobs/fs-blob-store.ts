import { randomBytes, createHash } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { blobRoutes } from '@app/contracts';
import type { BlobHead, BlobStore, SignDownloadOptions, SignUploadOptions } from './blob-store';
import { blobPathsOf } from './blob-key';
import {
  signBlobToken,
  verifyBlobToken,
  type BlobTokenCheck,
  type BlobTokenOp,
  type BlobTokenPayload,
} from './blob-token';

export interface FsBlobStoreOptions {
  /** The directory every object lives under (`DATA_DIR/blobs` in production). */
  root: string;
  /** Signs the URLs (HMAC-SHA256); at least 32 bytes. */
  secret: Buffer;
  /** Prefixed to the signed URLs' paths (PUBLIC_URL, or '' for a path on the same origin). */
  publicBase?: string;
  /** Clock in ms (tests). */
  now?: () => number;
}

/** What is kept beside an object (`<hash>.json`). */
const Sidecar = z.object({
  key: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  md5: z.string().optional(),
  sha256: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type BlobSidecar = z.infer<typeof Sidecar>;

const isCode = (e: unknown, code: string): boolean => e instanceof Error && 'code' in e && e.code === code;

/** Makes an empty marker file; false when it was there already (`wx`: exactly one maker wins). */
const makeMarker = async (path: string): Promise<boolean> => {
  try {
    await writeFile(path, '', { flag: 'wx' });
    return true;
  } catch (e) {
    if (isCode(e, 'EEXIST')) return false;
    throw e;
  }
};

const exists = async (path: string): Promise<boolean> => {
  try {
    await access(path);
    return true;
  } catch (e) {
    if (isMissing(e)) return false;
    throw e;
  }
};

const isMissing = (e: unknown): boolean =>
  e instanceof Error && 'code' in e && (e.code === 'ENOENT' || e.code === 'ENOTDIR');

const fillPath = (pattern: string, token: string): string => pattern.replace(':token', token);

/**
 * Objects as files under `root`: `objects/<hh>/<sha256(key)>` with a JSON sidecar, written to
 * `tmp/` first and renamed into place (a reader sees the whole object or none). The signed URLs
 * are served by `blobRoutes`.
 */
export class FsBlobStore implements BlobStore {
  /** `blobRoutes` refuses a PUT past the URL's `maxBytes` while it streams. */
  readonly boundsUploads = true;
  private readonly root: string;
  private readonly secret: Buffer;
  private readonly publicBase: string;
  private readonly now: () => number;

  constructor(opts: FsBlobStoreOptions) {
    if (opts.secret.length < 32) throw new Error('The blob URL secret must hold at least 32 bytes.');
    this.root = opts.root;
    this.secret = opts.secret;
    this.publicBase = (opts.publicBase ?? '').replace(/\/+$/, '');
    this.now = opts.now ?? Date.now;
  }

  private expiry(seconds: number): number {
    return Math.floor(this.now() / 1000) + Math.max(1, Math.floor(seconds));
  }

  /** The URL of `op` on `key`, its grant (`op`, the key, the expiry and `grant`) signed into the path. */
  private signedUrl(
    op: BlobTokenOp,
    key: string,
    expiresInSeconds: number,
    grant: Omit<BlobTokenPayload, 'op' | 'key' | 'exp'>,
  ): string {
    blobPathsOf(this.root, key);
    const token = signBlobToken(this.secret, { op, key, exp: this.expiry(expiresInSeconds), ...grant });
    const pattern = op === 'upload' ? blobRoutes.uploadPattern : blobRoutes.downloadPattern;
    return `${this.publicBase}${fillPath(pattern, token)}`;
  }

  async signUpload(key: string, opts: SignUploadOptions): Promise<string> {
    return this.signedUrl('upload', key, opts.expiresInSeconds, {
      contentType: opts.contentType,
      md5: opts.contentMd5,
      maxBytes: opts.maxBytes,
      ...(opts.tooLargeMessage === undefined ? {} : { tooLarge: opts.tooLargeMessage }),
      meta: opts.metadata,
    });
  }

  async signDownload(key: string, opts: SignDownloadOptions): Promise<string> {
    return this.signedUrl('download', key, opts.expiresInSeconds, { fileName: opts.fileName });
  }

  /** Whether a URL's token grants `op` now (the routes' check). */
  checkToken(token: string, op: BlobTokenOp): BlobTokenCheck {
    return verifyBlobToken(this.secret, token, op, Math.floor(this.now() / 1000));
  }

  /** The sidecar of a stored object, or null. */
  async sidecar(key: string): Promise<BlobSidecar | null> {
    const { sidecar } = blobPathsOf(this.root, key);
    try {
      return Sidecar.parse(JSON.parse(await readFile(sidecar, 'utf8')));
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async head(key: string): Promise<BlobHead | null> {
    const found = await this.sidecar(key);
    if (!found) return null;
    return { size: found.size, contentType: found.contentType, md5: found.md5, sha256: found.sha256 };
  }

  async get(key: string): Promise<Buffer | null> {
    if (!(await this.sidecar(key))) return null;
    try {
      return await readFile(blobPathsOf(this.root, key).data);
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async stream(key: string): Promise<Readable | null> {
    return (await this.openRead(key))?.stream ?? null;
  }

  /** The object's bytes as a stream with its sidecar, or null (the download route). */
  async openRead(key: string): Promise<{ meta: BlobSidecar; stream: ReadStream } | null> {
    const meta = await this.sidecar(key);
    if (!meta) return null;
    const stream = createReadStream(blobPathsOf(this.root, key).data);
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
    return { meta, stream };
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const temp = await this.tempPath();
    try {
      await writeFile(temp, body, { flag: 'wx' });
      await this.commit(temp, {
        key,
        size: body.length,
        contentType,
        md5: createHash('md5').update(body).digest('base64'),
        sha256: createHash('sha256').update(body).digest('hex'),
      });
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * Deletes the object and revokes its key: the `deleted` marker first, so an upload URL signed for
   * it grants nothing from now on, then the sidecar (once it is gone the object is gone to every
   * reader), then the bytes.
   */
  async delete(key: string): Promise<void> {
    const { data, sidecar, dir, deleted } = blobPathsOf(this.root, key);
    await mkdir(dir, { recursive: true });
    await makeMarker(deleted);
    await rm(sidecar, { force: true });
    await rm(data, { force: true });
  }

  /** Why a signed PUT for `key` may not store bytes: used once already, or deleted; null when it may. */
  async uploadRefusal(key: string): Promise<'used' | 'deleted' | null> {
    const { claimed, deleted } = blobPathsOf(this.root, key);
    if (await exists(deleted)) return 'deleted';
    return (await exists(claimed)) ? 'used' : null;
  }

  /**
   * Takes the key's one signed upload (the `claimed` marker, made with `wx`): of two PUTs racing,
   * exactly one gets true; a key already deleted gets false.
   */
  async claimUpload(key: string): Promise<boolean> {
    const { claimed, deleted, dir } = blobPathsOf(this.root, key);
    await mkdir(dir, { recursive: true });
    if (await exists(deleted)) return false;
    return makeMarker(claimed);
  }

  /** Gives the key's signed upload back (its bytes could not be moved into place): a later PUT may store them. */
  async releaseUpload(key: string): Promise<void> {
    await rm(blobPathsOf(this.root, key).claimed, { force: true });
  }

  /**
   * After a signed PUT moved its bytes into place: when the key was deleted meanwhile, the bytes go
   * again (the delete made its marker before removing, so one of the two always removes them).
   * Answers whether the bytes stay.
   */
  async keepUnlessDeleted(key: string): Promise<boolean> {
    const { data, sidecar, deleted } = blobPathsOf(this.root, key);
    if (!(await exists(deleted))) return true;
    await rm(sidecar, { force: true });
    await rm(data, { force: true });
    return false;
  }

  /** A fresh path under `tmp/` (same filesystem as the objects, so a rename is atomic). */
  async tempPath(): Promise<string> {
    const dir = join(this.root, 'tmp');
    await mkdir(dir, { recursive: true });
    return join(dir, randomBytes(16).toString('hex'));
  }

  /**
   * Moves a complete temp file into place as `meta.key`'s object: the bytes first, then the sidecar
   * (itself written to a temp file and renamed), so `head` never names bytes that are not there.
   */
  async commit(tempFile: string, meta: BlobSidecar): Promise<void> {
    const paths = blobPathsOf(this.root, meta.key);
    await mkdir(paths.dir, { recursive: true });
    const tempSidecar = await this.tempPath();
    try {
      await writeFile(tempSidecar, JSON.stringify(Sidecar.parse(meta)), { flag: 'wx' });
      await rename(tempFile, paths.data);
      await rename(tempSidecar, paths.sidecar);
    } finally {
      await rm(tempSidecar, { force: true });
    }
  }
}
