import { z } from 'zod';
import { boundedString } from '../bounded';

/**
 * Images sent with a chat message: each an uploaded file of the caller's (its key), read by the
 * chat service from the store and sent to the model as an image part. Bounded so one request cannot
 * make the relay read or send much: a few images, each a few megabytes.
 */
export const chatImageLimits = {
  /** Images on one user message. */
  perMessage: 10,
  /** Images in one request, over every message of its history. */
  perRequest: 20,
  /** One image's bytes (providers refuse larger ones: Anthropic 5 MB, OpenAI 20 MB). */
  bytes: 5 * 1024 * 1024,
} as const;

/** The image types a model is sent, known by their first bytes (never by a name or a claimed type). */
export const chatImageMediaTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ChatImageMediaType = (typeof chatImageMediaTypes)[number];

/** Whether a file's claimed type or name looks like an image a model is sent (the server sniffs). */
export const looksLikeChatImage = (type: string, name: string): boolean =>
  (chatImageMediaTypes as readonly string[]).includes(type.toLowerCase()) ||
  /\.(png|jpe?g|gif|webp)$/i.test(name);

/** An uploaded file's key: `<owner segment>/<uuid>[.<ext>]`, as the upload route gives it. */
export const ChatImageKey = z
  .string()
  .regex(/^[0-9a-f]{16}\/[0-9a-f-]{36}(\.[a-z0-9]{1,16})?$/, 'The image key is not a file key');

/** An image sent with a user message: the caller's uploaded file, and its name as shown. */
export const ChatImage = z.object({
  key: ChatImageKey,
  name: boundedString('The image name', 255).optional(),
});
export type ChatImage = z.infer<typeof ChatImage>;

/** GET the caller's own image's bytes (for the thumbnails); the key's segments are URI-encoded. */
export const chatImageRoutes = {
  contentPattern: '/api/files/image/*',
  content: (key: string) => `/api/files/image/${key.split('/').map(encodeURIComponent).join('/')}`,
} as const;

const list = (names: readonly string[]) => names.join(', ');

/** Messages of images in chat, shown to users word for word. */
export const chatImageMessages = {
  /** A model without image support is sent an image: refused before anything reaches it. */
  notSupported: (model: string, takers: readonly string[]) =>
    takers.length > 0
      ? `${model} does not take images. Choose a model that does: ${list(takers)}.`
      : `${model} does not take images, and no model open to you does. Send the message without images.`,
  /** An image key that is not the caller's file (or is gone): another user's reads the same. */
  notFound: 'An image sent with the message was not found among your files. Attach it again.',
  tooLarge: (name: string) =>
    `The image ${name} is larger than ${chatImageLimits.bytes / (1024 * 1024)} MB. Send a smaller one.`,
  notAnImage: (name: string) => `${name} is not a PNG, JPEG, GIF or WebP image.`,
  tooManyInMessage: `A message takes at most ${chatImageLimits.perMessage} images.`,
  tooManyInRequest: `A request takes at most ${chatImageLimits.perRequest} images.`,
  onlyUserImages: 'Only a user message may carry images.',
  /** This server keeps no files (no object store): images cannot be sent. */
  unavailable: 'Images cannot be sent here: this server keeps no files.',
  /** The tray's warning before a message with images goes to a model without image support. */
  modelTakesNoImages: (model: string) => `${model} does not take images.`,
} as const;
