import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** A key names an object, never a path: `<owner>/<uuid>.<ext>` as the server chose it. */
export class UnsafeBlobKeyError extends Error {
  constructor(reason: string) {
    super(`Refused blob key: ${reason}`);
    this.name = 'UnsafeBlobKeyError';
  }
}

const maxKeyLength = 1024;

/** Why a key is refused, or null when it is a plain relative name (S3 and the filesystem alike). */
export const blobKeyProblem = (key: string): string | null => {
  if (key.length === 0) return 'empty';
  if (key.length > maxKeyLength) return 'too long';
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'control character';
  if (key.includes('\\')) return 'backslash';
  if (key.startsWith('/') || /^[a-zA-Z]:/.test(key)) return 'absolute';
  if (key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
    return 'empty, . or .. segment';
  return null;
};

export const assertSafeBlobKey = (key: string): void => {
  const problem = blobKeyProblem(key);
  if (problem !== null) throw new UnsafeBlobKeyError(problem);
};

export interface BlobPaths {
  /** The bytes. */
  data: string;
  /** The metadata beside them (`<data>.json`). */
  sidecar: string;
  /** The directory both live in. */
  dir: string;
  /** Made once a signed PUT stored bytes under the key: its upload URLs grant nothing more. */
  claimed: string;
  /** Made when the key's object is deleted: nothing may be stored under it again. */
  deleted: string;
}

/**
 * Where a key's object lives under `root`: the key's SHA-256 (hex), fanned out by its first two
 * characters, so no key (whatever it holds) can name a path outside `objects/`.
 */
export const blobPathsOf = (root: string, key: string): BlobPaths => {
  assertSafeBlobKey(key);
  const hash = createHash('sha256').update(key, 'utf8').digest('hex');
  const dir = join(root, 'objects', hash.slice(0, 2));
  const data = join(dir, hash);
  return { data, sidecar: `${data}.json`, dir, claimed: `${data}.claimed`, deleted: `${data}.deleted` };
};
