import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Settings } from '../settings';
import type { BlobStore } from './blob-store';
import { FsBlobStore } from './fs-blob-store';
import { S3BlobStore } from './s3-blob-store';

export type BlobStoreSettings = Pick<
  Settings,
  | 'DATA_DIR'
  | 'PUBLIC_URL'
  | 'BLOB_URL_SECRET'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_PUBLIC_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

export interface CreateBlobStoreOptions {
  /** Prefixed to the filesystem store's URLs; default PUBLIC_URL, else '' (a path on the same origin). */
  publicBase?: string;
}

const isCode = (e: unknown, code: string): boolean => e instanceof Error && 'code' in e && e.code === code;

/**
 * The filesystem store's URL secret when BLOB_URL_SECRET is unset: 32 random bytes kept in
 * `<root>/.url-secret` (0600), made by whichever process comes first, read by the others.
 */
const keptSecret = async (root: string): Promise<Buffer> => {
  const file = join(root, '.url-secret');
  await mkdir(root, { recursive: true });
  try {
    await writeFile(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if (!isCode(e, 'EEXIST')) throw e;
  }
  const secret = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (secret.length < 32)
    throw new Error(`${file} does not hold a 32-byte secret; remove it to make a new one.`);
  return secret;
};

const s3Credentials = (settings: BlobStoreSettings) => {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  if (accessKeyId === undefined && secretAccessKey === undefined) return undefined;
  if (accessKeyId === undefined || secretAccessKey === undefined)
    throw new Error('Invalid settings: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together.');
  return { accessKeyId, secretAccessKey };
};

/**
 * S3 when S3_BUCKET is set, else files under DATA_DIR/blobs. The filesystem store's URLs are served
 * by `blobRoutes` (mount it where `store instanceof FsBlobStore`); S3's are S3's own.
 */
export const createBlobStore = async (
  settings: BlobStoreSettings,
  opts: CreateBlobStoreOptions = {},
): Promise<BlobStore> => {
  if (settings.S3_BUCKET !== undefined) {
    return new S3BlobStore({
      bucket: settings.S3_BUCKET,
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      publicEndpoint: settings.S3_PUBLIC_ENDPOINT,
      credentials: s3Credentials(settings),
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    });
  }
  const root = resolve(settings.DATA_DIR, 'blobs');
  const secret =
    settings.BLOB_URL_SECRET !== undefined
      ? Buffer.from(settings.BLOB_URL_SECRET, 'utf8')
      : await keptSecret(root);
  return new FsBlobStore({ root, secret, publicBase: opts.publicBase ?? settings.PUBLIC_URL ?? '' });
};
