import { randomBytes, createHash } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { blobRoutes } from '@app/contracts';
import type { BlobHead, BlobStore, SignDownloadOptions, SignUploadOptions } from './blob-store';
import { blobPathsOf } from './blob-key';
import { signBlobToken, verifyBlobToken, type BlobTokenCheck, type BlobTokenOp } from './blob-token';

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

const isMissing = (e: unknown): boolean =>
  e instanceof Error && 'code' in e && (e.code === 'ENOENT' || e.code === 'ENOTDIR');

const fillPath = (pattern: string, token: string): string => pattern.replace(':token', token);

/**
 * Objects as files under `root`: `objects/<hh>/<sha256(key)>` with a JSON sidecar, written to
 * `tmp/` first and renamed into place (a reader sees the whole object or none). The signed URLs
 * are served by `blobRoutes`.
 */
export class FsBlobStore implements BlobStore {
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

  async signUpload(key: string, opts: SignUploadOptions): Promise<string> {
    blobPathsOf(this.root, key);
    const token = signBlobToken(this.secret, {
      op: 'upload',
      key,
      exp: this.expiry(opts.expiresInSeconds),
      contentType: opts.contentType,
      md5: opts.contentMd5,
      maxBytes: opts.maxBytes,
      meta: opts.metadata,
    });
    return `${this.publicBase}${fillPath(blobRoutes.uploadPattern, token)}`;
  }

  async signDownload(key: string, opts: SignDownloadOptions): Promise<string> {
    blobPathsOf(this.root, key);
    const token = signBlobToken(this.secret, {
      op: 'download',
      key,
      exp: this.expiry(opts.expiresInSeconds),
      fileName: opts.fileName,
    });
    return `${this.publicBase}${fillPath(blobRoutes.downloadPattern, token)}`;
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

  async delete(key: string): Promise<void> {
    const { data, sidecar } = blobPathsOf(this.root, key);
    // The sidecar first: once it is gone the object is gone to every reader.
    await rm(sidecar, { force: true });
    await rm(data, { force: true });
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
