import type { ChatImageMediaType } from '@app/contracts';
import type { BlobStore, Db } from '@app/platform';
import { fileStateOf } from './file-commands';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type of `bytes` by their first bytes (their magic numbers), never by a name or a claimed
 * type: PNG, JPEG, GIF (87a, 89a) and WebP (a RIFF file of WEBP). Anything else (SVG, HTML, a PDF
 * named .png) is null.
 */
export const sniffImageType = (bytes: Uint8Array): ChatImageMediaType | null => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
};

/** One of the owner's images, read and checked; else why not. */
export type OwnImage =
  | { ok: true; name: string; bytes: Buffer; mediaType: ChatImageMediaType }
  | { ok: false; reason: 'not-found' | 'too-large' | 'not-an-image'; name: string };

/**
 * The bytes of `owner`'s file `key` when it is an image they may send: theirs (another user's key, a
 * deleted file or one without bytes reads as not found), at most `maxBytes` (the store's head is
 * asked first, so a large file is never downloaded), and a PNG, JPEG, GIF or WebP by its bytes.
 */
export const readOwnImage = async (
  deps: { db: Db; blobs: BlobStore },
  owner: string,
  key: string,
  maxBytes: number,
): Promise<OwnImage> => {
  const state = await fileStateOf(deps.db, key);
  if (!state || state.owner !== owner || state.deleted) return { ok: false, reason: 'not-found', name: key };
  const name = state.name;
  const head = await deps.blobs.head(key);
  if (!head) return { ok: false, reason: 'not-found', name };
  if (head.size > maxBytes) return { ok: false, reason: 'too-large', name };
  const bytes = await deps.blobs.get(key);
  if (!bytes) return { ok: false, reason: 'not-found', name };
  if (bytes.length > maxBytes) return { ok: false, reason: 'too-large', name };
  const mediaType = sniffImageType(bytes);
  return mediaType ? { ok: true, name, bytes, mediaType } : { ok: false, reason: 'not-an-image', name };
};
