import { describe, expect, it } from 'vitest';
import { chatImageLimits, chatImageMessages, openaiApiMessages, OpenAiChatRequest } from '@app/contracts';
import { relayRequestOf } from '../../src/openai-api/relay-request';
import { inlineImageKey } from '../../src/openai-api/inline-images';

/** A 1×1 PNG. */
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const image = (url: string) => ({ type: 'image_url', image_url: { url } });
const ask = (...content: unknown[]) =>
  OpenAiChatRequest.parse({ model: 'm', messages: [{ role: 'user', content }] });
const refusalOf = (body: OpenAiChatRequest) => {
  const r = relayRequestOf(body, 'chatcmpl-1');
  return r.ok ? undefined : r.message;
};

describe('image_url parts of a user message', () => {
  it('given a PNG data: URL, when translated, then the message names it by key and its bytes go beside', () => {
    const r = relayRequestOf(
      ask({ type: 'text', text: 'What is this?' }, image(`data:image/png;base64,${png}`)),
      'chatcmpl-1',
    );
    if (!r.ok) throw new Error(r.message);
    const key = inlineImageKey(0);
    expect(r.request.messages).toEqual([{ role: 'user', content: 'What is this?', images: [{ key }] }]);
    expect(r.images?.get(key)).toEqual({ bytes: Buffer.from(png, 'base64'), mediaType: 'image/png' });
  });

  it('given a data: URL claiming another type, then the type is the one its bytes say', () => {
    const r = relayRequestOf(ask(image(`data:image/jpeg;base64,${png}`)), 'chatcmpl-1');
    expect(r.ok && r.images?.get(inlineImageKey(0))?.mediaType).toBe('image/png');
  });

  it('given an http(s) url, then it is refused: the platform never fetches one', () => {
    expect(refusalOf(ask(image('https://example.com/cat.png')))).toBe(openaiApiMessages.imageUrlNotData);
    expect(refusalOf(ask(image('http://127.0.0.1/cat.png')))).toBe(openaiApiMessages.imageUrlNotData);
  });

  it('given bytes that are no PNG, JPEG, GIF or WebP (an SVG), or no base64, then it is refused', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    expect(refusalOf(ask(image(`data:image/png;base64,${svg}`)))).toBe(
      chatImageMessages.notAnImage('messages[0].content[0]'),
    );
    expect(refusalOf(ask(image(`data:image/png,${png}`)))).toBe(openaiApiMessages.imageDataMalformed);
    expect(refusalOf(ask(image('data:image/png;base64,@@@@')))).toBe(openaiApiMessages.imageDataMalformed);
  });

  it('given an image over the size bound, then it is refused before it is decoded', () => {
    const big = 'A'.repeat(Math.ceil((chatImageLimits.bytes + 3) / 3) * 4);
    expect(refusalOf(ask(image(`data:image/png;base64,${big}`)))).toBe(
      chatImageMessages.tooLarge('messages[0].content[0]'),
    );
  });

  it('given more images than a message takes, or an image in an assistant message, then refused', () => {
    const eleven = Array.from({ length: chatImageLimits.perMessage + 1 }, () =>
      image(`data:image/png;base64,${png}`),
    );
    expect(refusalOf(ask(...eleven))).toContain(chatImageMessages.tooManyInMessage);
    const assistant = OpenAiChatRequest.parse({
      model: 'm',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [image(`data:image/png;base64,${png}`)] },
        { role: 'user', content: 'and?' },
      ],
    });
    expect(refusalOf(assistant)).toBe(openaiApiMessages.imageNotInUserMessage);
  });
});
