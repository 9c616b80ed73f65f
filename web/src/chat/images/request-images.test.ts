import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@app/contracts';
import { keepRecentImages, withTurnImages } from './request-images';

const image = (n: number) => ({
  key: `0123456789abcdef/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.png`,
});
const user = (content: string, count: number, from = 0): ChatMessage => ({
  role: 'user',
  content,
  images: Array.from({ length: count }, (_, i) => image(from + i)),
});
const imagesIn = (messages: readonly ChatMessage[]) => messages.map((m) => m.images?.length ?? 0);

describe('the images a request carries', () => {
  it('Given a model that takes images, When a turn had images, Then its message carries them; else not', () => {
    const message: ChatMessage = { role: 'user', content: 'look' };
    expect(withTurnImages(message, [image(1)], true)).toEqual({ ...message, images: [image(1)] });
    expect(withTurnImages(message, [image(1)], false)).toEqual(message);
    expect(withTurnImages(message, [], true)).toEqual(message);
  });

  it('Given more images than a request takes, When kept, Then the latest messages keep theirs and earlier ones lose theirs first', () => {
    const messages = [
      user('a', 10, 0),
      { role: 'assistant' as const, content: 'ok' },
      user('b', 8, 10),
      user('c', 5, 20),
    ];
    const kept = keepRecentImages(messages, 20);
    expect(imagesIn(kept)).toEqual([7, 0, 8, 5]);
    expect(kept.map((m) => m.content)).toEqual(['a', 'ok', 'b', 'c']);
    expect(imagesIn(keepRecentImages(messages, 12))).toEqual([0, 0, 7, 5]);
    expect(keepRecentImages(messages, 12)[0]).not.toHaveProperty('images');
  });

  it('Given few images, When kept, Then nothing changes', () => {
    const messages = [user('a', 2), user('b', 3, 2)];
    expect(keepRecentImages(messages)).toEqual(messages);
  });
});
