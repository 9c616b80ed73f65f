import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatImageLimits,
  chatImageMessages,
  chatImageRoutes,
  fileStreamId,
  sealedTextPurposes,
  sessionCookieName,
  type ChatRequestInput,
  type ChatRequestedData,
  type FileEvent,
} from '@app/contracts';
import { appendToStream, openSealedText, type BlobHead, type BlobStore } from '@app/platform';
import {
  chatModelConfigurations,
  startModelServer,
  testChatModel,
  type ModelServer,
} from '@app/platform/testing';
import { ownerSegment } from '../../src/files/index';
import { startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const vision = testChatModel({ id: 'vision-model', name: 'Vision Model', supportsImages: true });
const textOnly = testChatModel({ id: 'text-model', name: 'Text Model', supportsImages: false });

/** A PNG of one pixel. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An object store in memory: what the chat reads of it is `head` and `get`. */
const memoryBlobs = (): BlobStore & { objects: Map<string, Buffer>; sizes: Map<string, number> } => {
  const objects = new Map<string, Buffer>();
  const sizes = new Map<string, number>();
  const head = async (key: string): Promise<BlobHead | null> => {
    const bytes = objects.get(key);
    return bytes ? { size: sizes.get(key) ?? bytes.length, contentType: 'application/octet-stream' } : null;
  };
  return {
    objects,
    sizes,
    signUpload: async (key) => `http://127.0.0.1:9/upload/${key}`,
    signDownload: async (key) => `http://127.0.0.1:9/download/${key}`,
    head,
    get: async (key) => objects.get(key) ?? null,
    put: async (key, body) => {
      objects.set(key, body);
    },
    delete: async (key) => {
      objects.delete(key);
    },
  };
};

let p: ChatPlatform;
let model: ModelServer;
const blobs = memoryBlobs();
let n = 0;

/** A file of `owner`'s, uploaded, with these bytes (its size as the store reports it: `size`). */
const uploaded = async (owner: string, name: string, bytes: Buffer, size = bytes.length): Promise<string> => {
  const key = `${ownerSegment(owner)}/${randomUUID()}.png`;
  const events: FileEvent[] = [
    {
      type: 'FileUploadRequested',
      data: {
        key,
        owner,
        name,
        type: 'image/png',
        knowledgeBase: 'default',
        tags: [],
        groupId: null,
        ragOn: true,
        data: {},
      },
    },
    { type: 'FileUploaded', data: { key, size, md5: 'm', sha256: 'c'.repeat(64) } },
  ];
  const id = randomUUID();
  await appendToStream(p.database.db, fileStreamId(key), events, {
    expectedVersion: 'no-stream',
    metadata: {
      actor: { email: owner, kind: 'user' },
      commandId: id,
      correlationId: id,
      causationId: id,
      requestId: id,
      schemaVersion: 1,
    },
  });
  blobs.objects.set(key, bytes);
  blobs.sizes.set(key, size);
  return key;
};

const ask = (modelId: string, keys: string[]): ChatRequestInput => ({
  model: modelId,
  max_tokens: 100,
  messages: [
    {
      role: 'user',
      content: 'What is in this picture?',
      images: keys.map((key) => ({ key, name: 'pixel.png' })),
    },
  ],
  options: { requestId: `images-${++n}`, conversationId: 'c-images' },
});

const completions = () => model.requests.filter((r) => r.url.includes('/chat/completions'));

/** Refused with `message` (400): nothing recorded, nothing reserved, nothing sent to the model. */
const expectRefused = async (body: ChatRequestInput | Record<string, unknown>, message?: string) => {
  const sent = completions().length;
  const recorded = (await p.allChatEvents()).length;
  const reserved = p.spend.reserved.length;
  const res = await p.chat(ann, body);
  expect(res.statusCode).toBe(400);
  if (message !== undefined) expect(res.json<{ error: string }>().error).toBe(message);
  expect(completions().length).toBe(sent);
  expect((await p.allChatEvents()).length).toBe(recorded);
  expect(p.spend.reserved.length).toBe(reserved);
};

const getImage = async (email: string, key: string) =>
  p.app.inject({
    method: 'GET',
    url: chatImageRoutes.content(key),
    cookies: { [sessionCookieName]: await p.signIn(email) },
  });

beforeAll(async () => {
  model = await startModelServer();
  p = await startChatPlatform({ blobs });
  await p.configure(chatModelConfigurations(model.chatUrl, { models: [textOnly, vision] }));
  // Cloud conversations: the user message (with its images) is kept in ChatRequested.
  await p.configure([{ type: 'defaultConversationStorage', data: 'future-cloud' }]);
});

afterAll(async () => {
  await p.close();
  await model.close();
});

describe('images sent with a chat message', () => {
  it("sends the caller's image to a model that takes images as an image_url data URL, and keeps it with the message", async () => {
    const key = await uploaded(ann, 'pixel.png', png);
    const request = ask(vision.id, [key]);
    const res = await p.chat(ann, request);
    expect(res.statusCode).toBe(200);
    const body = completions().at(-1)?.body;
    const messages = body?.['messages'] as { role: string; content: unknown }[];
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
      ],
    });
    const requested = (await p.chatEvents(request.options.requestId))[0]?.data as ChatRequestedData;
    // Sealed under the conversation's data key (conversation-keys.ts), the images with the message.
    const kept = JSON.parse(
      await openSealedText(
        p.database.db,
        requested.sealedMessages,
        sealedTextPurposes.chatMessages(request.options.requestId),
      ),
    ) as ChatRequestedData['messages'];
    expect(kept?.[0]?.images).toEqual([{ key, name: 'pixel.png' }]);
  });

  it('counts each image in the reservation', async () => {
    const key = await uploaded(ann, 'pixel.png', png);
    await p.chat(ann, ask(vision.id, []));
    const without = p.spend.reserved.at(-1)?.amount ?? 0;
    await p.chat(ann, ask(vision.id, [key]));
    const withImage = p.spend.reserved.at(-1)?.amount ?? 0;
    // 1,600 input tokens at the model's input price (per 1k).
    expect(withImage - without).toBeCloseTo((1_600 / 1000) * vision.inputTokenCost, 6);
  });

  it('refuses images to a model without image support, naming those that take them, before anything is sent', async () => {
    const key = await uploaded(ann, 'pixel.png', png);
    await expectRefused(
      ask(textOnly.id, [key]),
      'Text Model does not take images. Choose a model that does: Vision Model.',
    );
  });

  it("refuses another user's file, an unknown key, a huge file and an SVG or HTML named .png", async () => {
    const bobs = await uploaded(bob, 'bob.png', png);
    await expectRefused(ask(vision.id, [bobs]), chatImageMessages.notFound);
    await expectRefused(
      ask(vision.id, [`${ownerSegment(ann)}/${randomUUID()}.png`]),
      chatImageMessages.notFound,
    );
    const huge = await uploaded(ann, 'huge.png', png, chatImageLimits.bytes + 1);
    await expectRefused(ask(vision.id, [huge]), chatImageMessages.tooLarge('huge.png'));
    const svg = await uploaded(
      ann,
      'evil.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>'),
    );
    await expectRefused(ask(vision.id, [svg]), chatImageMessages.notAnImage('evil.png'));
    const html = await uploaded(ann, 'page.png', Buffer.from('<!doctype html><p>hi</p>'));
    await expectRefused(ask(vision.id, [html]), chatImageMessages.notAnImage('page.png'));
  });

  it('refuses 1,000 images, and a key that is a path', async () => {
    const key = await uploaded(ann, 'pixel.png', png);
    const many = ask(
      vision.id,
      Array.from({ length: 1_000 }, () => key),
    );
    await expectRefused(many);
    await expectRefused(ask(vision.id, ['../../etc/passwd']));
  });
});

describe("the caller's image bytes (thumbnails)", () => {
  it('answers the owner their image as its sniffed type with nosniff; another user gets 404; an SVG named .png 415', async () => {
    const key = await uploaded(ann, 'pixel.png', png);
    const own = await getImage(ann, key);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(png)).toBe(true);
    expect((await getImage(bob, key)).statusCode).toBe(404);
    const svg = await uploaded(ann, 'evil.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const refused = await getImage(ann, svg);
    expect(refused.statusCode).toBe(415);
    expect(refused.headers['content-type']).toContain('application/json');
    const anonymous = await p.app.inject({ method: 'GET', url: chatImageRoutes.content(key) });
    expect(anonymous.statusCode).toBe(401);
  });
});
