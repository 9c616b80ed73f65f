import {
  chatImageLimits,
  chatImageMessages,
  type ChatImageMediaType,
  type ChatRequest,
  type Model,
} from '@app/contracts';
import type { OwnImage } from '../files/index';

/**
 * The input tokens one image is counted at in the reservation (token-bound.ts counts bytes, which
 * says nothing of an image's tokens). 1,600 is the most the providers document for an image as they
 * take it: Anthropic about 1,600 (an image is scaled to at most ~1.15 megapixels, w×h/750 tokens);
 * OpenAI's high detail at most 1,445 (85 + 170 a 512 px tile, 8 tiles after scaling into 768×2048);
 * Gemini 258 an image (or a 768 px tile). A model billed otherwise (gpt-4o-mini counts images many
 * times over) is settled at the usage its provider reports, never past what was reserved.
 */
export const imageTokenBound = 1_600;

/** An image read for a request: its bytes and its type as sniffed. */
export interface LoadedImage {
  bytes: Uint8Array;
  mediaType: ChatImageMediaType;
}

/** The images of a request, by key: what the user messages' parts are made of. */
export type LoadedImages = ReadonlyMap<string, LoadedImage>;

/** Reads one of the caller's images (files/readOwnImage on the object store). */
export type ChatImageReader = (owner: string, key: string, maxBytes: number) => Promise<OwnImage>;

/** The distinct image keys of a request's messages, in order. */
export const imageKeysOf = (request: Pick<ChatRequest, 'messages'>): string[] => [
  ...new Set(request.messages.flatMap((m) => (m.images ?? []).map((i) => i.key))),
];

/**
 * The refusal of images to a model that does not take them: its name and the models open to the
 * caller that do (by name, in the admin's order).
 */
export const imagesRefusedFor = (model: Model, open: readonly Model[]): string =>
  chatImageMessages.notSupported(
    model.name || model.id,
    open.filter((m) => m.supportsImages && m.id !== model.id).map((m) => m.name || m.id),
  );

const refusalOf = (image: Extract<OwnImage, { ok: false }>): string =>
  image.reason === 'not-found'
    ? chatImageMessages.notFound
    : image.reason === 'too-large'
      ? chatImageMessages.tooLarge(image.name)
      : chatImageMessages.notAnImage(image.name);

/**
 * Reads every image of the request for `caller`, side by side: each their own file, at most
 * `chatImageLimits.bytes`, a PNG, JPEG, GIF or WebP by its bytes. The first that is not refuses the
 * request (`refused`, in the contracts' words: a 400, nothing recorded or sent). No reader (no
 * object store): any image to read is refused. `given`: images the request carries itself (the
 * OpenAI-compatible API's data: URLs, checked the same way by their route), by key: not read.
 */
export const loadChatImages = async (
  read: ChatImageReader | undefined,
  caller: string,
  request: Pick<ChatRequest, 'messages'>,
  given: LoadedImages = new Map(),
): Promise<{ images: LoadedImages } | { refused: string }> => {
  const keys = imageKeysOf(request).filter((key) => !given.has(key));
  if (keys.length === 0) return { images: given };
  if (!read) return { refused: chatImageMessages.unavailable };
  const images = await Promise.all(keys.map((key) => read(caller, key, chatImageLimits.bytes)));
  const loaded = new Map<string, LoadedImage>(given);
  for (const [i, image] of images.entries()) {
    if (!image.ok) return { refused: refusalOf(image) };
    loaded.set(keys[i] ?? '', { bytes: image.bytes, mediaType: image.mediaType });
  }
  return { images: loaded };
};
