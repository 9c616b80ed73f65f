import { describe, expect, it } from 'vitest';
import { ChatRequest, chatImageLimits, chatImageMessages, type ChatRequestInput } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import {
  imagesRefusedFor,
  imageTokenBound,
  loadChatImages,
  type ChatImageReader,
} from '../../src/chat/chat-images';
import { generationRequestOf } from '../../src/chat/generation-request';
import { promptOf } from '../../src/chat/model-stream';
import { reservationOf } from '../../src/chat/reservation';
import { sniffImageType } from '../../src/files/image-bytes';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const key = (n: number) => `0123456789abcdef/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.png`;
const model = testChatModel({ inputTokenCost: 0.01, outputTokenCost: 0.03, systemPrompt: '' });

const requestWith = (images: { key: string }[], extra: Partial<ChatRequestInput> = {}): ChatRequestInput => ({
  model: model.id,
  messages: [{ role: 'user', content: 'What is in the picture?', images }],
  options: { requestId: 'r-1' },
  ...extra,
});

describe('which bytes are an image a model is sent', () => {
  it('Given the first bytes of a PNG, JPEG, GIF and WebP, When sniffed, Then each is its type', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF87a\x01\x00'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
  });

  it('Given an SVG, HTML, a PDF, a RIFF that is not WebP or a cut header, When sniffed, Then none is an image', () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      '<!doctype html><script>alert(1)</script>',
      '%PDF-1.7',
      'RIFF\x24\x00\x00\x00WAVEfmt ',
      '',
    ])
      expect(sniffImageType(Buffer.from(text))).toBeNull();
    expect(sniffImageType(png.subarray(0, 7))).toBeNull();
  });
});

describe('the refusal of images to a model that does not take them', () => {
  it('Given models open to the user that take images, When refused, Then the message names the model and them', () => {
    const text = testChatModel({ id: 'text-only', name: 'Text Only', supportsImages: false });
    const open = [
      text,
      testChatModel({ id: 'vision-a', name: 'Vision A', supportsImages: true }),
      testChatModel({ id: 'vision-b', name: '', supportsImages: true }),
      testChatModel({ id: 'plain', name: 'Plain', supportsImages: false }),
    ];
    expect(imagesRefusedFor(text, open)).toBe(
      'Text Only does not take images. Choose a model that does: Vision A, vision-b.',
    );
    expect(imagesRefusedFor(text, open)).toBe(
      chatImageMessages.notSupported('Text Only', ['Vision A', 'vision-b']),
    );
  });

  it('Given no model open to the user takes images, When refused, Then the message says so', () => {
    const text = testChatModel({ id: 'text-only', name: 'Text Only', supportsImages: false });
    expect(imagesRefusedFor(text, [text])).toBe(
      'Text Only does not take images, and no model open to you does. Send the message without images.',
    );
  });
});

describe('the images a chat request may carry', () => {
  it('Given more images than a message takes, When parsed, Then it is refused with the limit', () => {
    const many = Array.from({ length: chatImageLimits.perMessage + 1 }, (_, i) => ({ key: key(i) }));
    const parsed = ChatRequest.safeParse(requestWith(many));
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(chatImageMessages.tooManyInMessage);
  });

  it('Given 1,000 images over the history, When parsed, Then it is refused', () => {
    const messages = Array.from({ length: 100 }, (_, m) => ({
      role: 'user' as const,
      content: `m${m}`,
      images: Array.from({ length: 10 }, (_, i) => ({ key: key(m * 10 + i) })),
    }));
    const parsed = ChatRequest.safeParse({ ...requestWith([]), messages });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(chatImageMessages.tooManyInRequest);
  });

  it('Given a key that is not a file key (a path, another shape), When parsed, Then it is refused', () => {
    for (const bad of ['../etc/passwd', '0123456789abcdef/../x.png', 'https://example.com/a.png', ''])
      expect(ChatRequest.safeParse(requestWith([{ key: bad }])).success).toBe(false);
  });

  it('Given an image on an answer, When parsed, Then it is refused', () => {
    const parsed = ChatRequest.safeParse({
      ...requestWith([]),
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello', images: [{ key: key(1) }] },
        { role: 'user', content: 'and?' },
      ],
    });
    expect(JSON.stringify(parsed.error?.issues)).toContain(chatImageMessages.onlyUserImages);
  });
});

describe('reading the images of a request', () => {
  const reader =
    (answers: Record<string, Awaited<ReturnType<ChatImageReader>>>): ChatImageReader =>
    async (_owner, k) =>
      answers[k] ?? { ok: false, reason: 'not-found', name: k };

  it('Given the caller images of their own, When read, Then each is its bytes and sniffed type', async () => {
    const request = ChatRequest.parse(requestWith([{ key: key(1) }]));
    const loaded = await loadChatImages(
      reader({ [key(1)]: { ok: true, name: 'a.png', bytes: png, mediaType: 'image/png' } }),
      'me@example.com',
      request,
    );
    expect('images' in loaded && loaded.images.get(key(1))?.mediaType).toBe('image/png');
  });

  it('Given a key that is not theirs, too large, or not an image, When read, Then the request is refused in words', async () => {
    const request = ChatRequest.parse(requestWith([{ key: key(1) }]));
    expect(await loadChatImages(reader({}), 'me@example.com', request)).toEqual({
      refused: chatImageMessages.notFound,
    });
    expect(
      await loadChatImages(
        reader({ [key(1)]: { ok: false, reason: 'too-large', name: 'big.png' } }),
        'me@example.com',
        request,
      ),
    ).toEqual({ refused: chatImageMessages.tooLarge('big.png') });
    expect(
      await loadChatImages(
        reader({ [key(1)]: { ok: false, reason: 'not-an-image', name: 'evil.png' } }),
        'me@example.com',
        request,
      ),
    ).toEqual({ refused: 'evil.png is not a PNG, JPEG, GIF or WebP image.' });
    expect(await loadChatImages(undefined, 'me@example.com', request)).toEqual({
      refused: chatImageMessages.unavailable,
    });
  });
});

describe('an image in the prompt and in the reservation', () => {
  const asked = (images: { key: string }[]) => {
    const request = ChatRequest.parse(requestWith(images));
    const loaded = new Map(images.map((i) => [i.key, { bytes: png, mediaType: 'image/png' as const }]));
    return generationRequestOf(request, model, loaded);
  };

  it('Given a message with an image, When it becomes the prompt, Then the image is a file part of its type after the text', () => {
    const prompt = promptOf(asked([{ key: key(1) }]));
    expect(prompt).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in the picture?' },
          { type: 'file', data: png, mediaType: 'image/png' },
        ],
      },
    ]);
  });

  it('Given two images, When reserved, Then each counts its fixed bound, whatever its bytes', () => {
    const none = reservationOf(asked([]), model, false);
    const two = reservationOf(asked([{ key: key(1) }, { key: key(2) }]), model, false);
    expect(two.inputTokens - none.inputTokens).toBe(2 * imageTokenBound);
    expect(two.amount).toBeGreaterThan(none.amount);
  });
});
