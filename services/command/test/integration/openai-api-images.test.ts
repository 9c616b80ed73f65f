import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { chatImageMessages, openaiApiMessages } from '@app/contracts';
import {
  chatModelConfigurations,
  testChatModel,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { keyBody } from '../support-api-keys/api-keys-platform';
import { startOpenaiApiPlatform, type OpenaiApiPlatform } from '../support-api-keys/openai-api-platform';

const ann = 'ann@example.com';
/** A 1×1 PNG. */
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const textOnly = testChatModel({ id: 'test-text-model', name: 'Test Text Model', supportsImages: false });
let api: OpenaiApiPlatform;
let model: ModelServer;
let client: OpenAI;

beforeAll(async () => {
  api = await startOpenaiApiPlatform({
    configurations: (server) =>
      chatModelConfigurations(server.chatUrl, {
        models: [testChatModel({ supportsImages: true }), textOnly],
      }),
  });
  model = api.model;
  client = api.clientOf((await api.keyFor(ann, keyBody())).secret);
});
afterAll(() => api.close());

const withImage = (url: string) => [
  {
    role: 'user' as const,
    content: [
      { type: 'text' as const, text: 'What is in this picture?' },
      { type: 'image_url' as const, image_url: { url, detail: 'low' as const } },
    ],
  },
];

describe('image parts in /v1/chat/completions', () => {
  it('a data: URL image reaches the model server as an image part beside the text', async () => {
    // Claimed a JPEG: sent as what its bytes are.
    const completion = await client.chat.completions.create({
      model: testChatModelId,
      messages: withImage(`data:image/jpeg;base64,${png}`),
    });
    expect(completion.choices[0]?.message.content).toBe('Hello from the test model.');
    const sent = model.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] };
    expect(sent.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
      ],
    });
  });

  it('an http(s) url is refused with a 400 in OpenAI’s shape; nothing reaches the model server', async () => {
    const sent = model.requests.length;
    const refused = await client.chat.completions
      .create({ model: testChatModelId, messages: withImage('https://example.com/cat.png') })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({
      message: openaiApiMessages.imageUrlNotData,
      type: 'invalid_request_error',
    });
    expect(model.requests.length).toBe(sent);
  });

  it('a model without image support refuses with the relay’s words, naming the models that take images', async () => {
    const sent = model.requests.length;
    const refused = await client.chat.completions
      .create({ model: textOnly.id, messages: withImage(`data:image/png;base64,${png}`), stream: true })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({
      message: chatImageMessages.notSupported(textOnly.name, [testChatModel().name]),
    });
    expect(model.requests.length).toBe(sent);
  });
});
