import { chatImageLimits, type ChatImage, type ChatMessage } from '@app/contracts';

/** A message with its images: the turn's, only when the model takes images. */
export const withTurnImages = (
  message: ChatMessage,
  images: readonly ChatImage[] | undefined,
  modelTakesImages: boolean,
): ChatMessage =>
  modelTakesImages && images && images.length > 0 ? { ...message, images: [...images] } : message;

/**
 * The messages with at most `max` images in all (the server refuses more): the latest messages keep
 * theirs, earlier ones lose theirs first (their text stays). The new message's own images always
 * count first, so they are never the ones left out.
 */
export const keepRecentImages = (
  messages: readonly ChatMessage[],
  max: number = chatImageLimits.perRequest,
): ChatMessage[] => {
  let left = max;
  const kept: ChatMessage[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!message) continue;
    const images = message.images ?? [];
    if (images.length === 0) {
      kept.unshift(message);
      continue;
    }
    const fit = images.slice(0, Math.max(0, left));
    left -= fit.length;
    const { images: _dropped, ...rest } = message;
    kept.unshift(fit.length > 0 ? { ...rest, images: fit } : rest);
  }
  return kept;
};
