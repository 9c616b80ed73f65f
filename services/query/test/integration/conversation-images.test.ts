import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatStreamId,
  conversationRoutes,
  type ChatEvent,
  type ConversationMessagesResponse,
} from '@app/contracts';
import { appendToStream } from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { userMetadata } from './conversation-chat';

const ann = 'ann@example.com';
const image = { key: '0123456789abcdef/00000000-0000-4000-8000-000000000001.png', name: 'pixel.png' };

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

const requested = (requestId: string, images?: (typeof image)[]): ChatEvent => ({
  type: 'ChatRequested',
  data: {
    requestId,
    model: 'vision',
    conversationId: 'pictures',
    accountId: 'default',
    maxTokens: 1000,
    reserved: 0.5,
    messageCount: 1,
    storage: 'future-cloud',
    messages: [{ role: 'user', content: `message ${requestId}`, ...(images ? { images } : {}) }],
  },
});

describe('the images of a cloud conversation', () => {
  it('Given a user message sent with an image and one without, When the messages are read, Then only the first names its image', async () => {
    await appendToStream(p.database.db, chatStreamId('with'), [requested('with', [image])], {
      expectedVersion: 'no-stream',
      metadata: userMetadata(ann),
    });
    const { position } = await appendToStream(
      p.database.db,
      chatStreamId('without'),
      [requested('without')],
      {
        expectedVersion: 'no-stream',
        metadata: userMetadata(ann),
      },
    );
    const res = await p.call(ann, 'GET', `${conversationRoutes.messages('pictures')}?waitFor=${position}`);
    expect(res.statusCode).toBe(200);
    const data = res.json<ConversationMessagesResponse>().data;
    expect(data.map((m) => [m.content, m.images])).toEqual([
      ['message with', [image]],
      ['message without', undefined],
    ]);
  });
});
