import {
  chatImageLimits,
  chatImageMessages,
  openaiApiMessages,
  type OpenAiContentPart,
} from '@app/contracts';
import { sniffImageType } from '../files/index';
import type { LoadedImage } from '../chat/index';

/** An image given inline: the key the relay's message names it by, and its bytes. */
export interface InlineImage {
  key: string;
  image: LoadedImage;
}

/**
 * The owner segment of an inline image's key. Keys have the upload route's shape (`ChatImageKey`);
 * the relay takes the bytes of these from the request itself (`ChatCall.images`), never from the
 * store, and a client of this API names no keys of its own.
 */
const inlineOwnerSegment = '0'.repeat(16);

/** The key of a request's `n`th inline image (0-based). */
export const inlineImageKey = (n: number): string =>
  `${inlineOwnerSegment}/00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const dataUrl = /^data:([^;,]*)((?:;[^;,]*)*),/i;
const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * An `image_url` part's image (pure): a base64 data: URL only (an http(s) url is never fetched), at
 * most `chatImageLimits.bytes`, a PNG, JPEG, GIF or WebP by its bytes, whatever type the URL claims
 * (as the relay's uploaded images: files/image-bytes.ts). `name` says which part, in a refusal; `key`
 * is what the message names it by (`inlineImageKey`).
 */
export const inlineImageOf = (
  part: OpenAiContentPart,
  name: string,
  key: string,
): { ok: true; value: InlineImage } | { ok: false; message: string } => {
  const url = part.image_url?.url ?? '';
  const head = dataUrl.exec(url);
  if (!head) return { ok: false, message: openaiApiMessages.imageUrlNotData };
  const params = (head[2] ?? '').toLowerCase().split(';');
  const payload = url.slice(head[0].length).replace(/\s+/g, '');
  if (!params.includes('base64') || !base64.test(payload) || payload.length % 4 === 1)
    return { ok: false, message: openaiApiMessages.imageDataMalformed };
  // Bounded before decoding: four base64 characters are three bytes.
  if (Math.floor((payload.length * 3) / 4) - (payload.match(/=/g)?.length ?? 0) > chatImageLimits.bytes)
    return { ok: false, message: chatImageMessages.tooLarge(name) };
  const bytes = Buffer.from(payload, 'base64');
  const mediaType = sniffImageType(bytes);
  if (!mediaType) return { ok: false, message: chatImageMessages.notAnImage(name) };
  return { ok: true, value: { key, image: { bytes, mediaType } } };
};
