import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatRateRoute,
  feedbackLimits,
  feedbackMessages,
  feedbackStreamId,
  sessionCookieName,
  type ChatRequestedData,
  type ChatRequestInput,
} from '@app/contracts';
import { readStream } from '@app/platform';
import {
  chatModelConfigurations,
  startModelServer,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';

const ann = 'ann@example.com';
const gil = 'gil@example.com';

let p: ChatPlatform;
let model: ModelServer;

const ask = (email: string, options: ChatRequestInput['options']) =>
  p.chat(email, {
    model: testChatModelId,
    max_tokens: 50,
    messages: [{ role: 'user', content: 'Say hello' }],
    options,
  });

const rate = async (email: string, body: unknown) => {
  const res = await p.app.inject({
    method: 'POST',
    url: chatRateRoute,
    cookies: { [sessionCookieName]: await p.signIn(email) },
    headers: { origin: 'http://localhost' },
    payload: body as object,
  });
  return {
    status: res.statusCode,
    body: res.json<{ success: boolean; position?: string; message?: string }>(),
  };
};

/** Every event of the log but sign-ins (a rate call signs in first). */
const logged = async () =>
  (
    await p.database.db
      .selectFrom('events')
      .select(['stream_id', 'event_type'])
      .where('stream_id', 'not like', 'session-%')
      .execute()
  ).length;

const ratings = (requestId: string) => readStream(p.database.db, feedbackStreamId(requestId));

beforeAll(async () => {
  model = await startModelServer();
  p = await startChatPlatform();
  await p.configure(chatModelConfigurations(model.chatUrl));
  for (const [email, options] of [
    [ann, { requestId: 'fb-1', conversationId: 'conv-fb', parentRequestId: null }],
    [ann, { requestId: 'fb-2', conversationId: 'conv-fb', parentRequestId: 'fb-1' }],
    [ann, { requestId: 'fb-api' }],
    [gil, { requestId: 'fb-gil', conversationId: 'conv-gil' }],
  ] as const) {
    const res = await ask(email, options);
    expect(res.statusCode, res.body).toBe(200);
  }
});

afterAll(async () => {
  await p.close();
  await model.close();
});

describe('a chat request names the request it follows', () => {
  it('ChatRequested keeps parentRequestId (null for the first turn) and none when the client named none', async () => {
    const requested = async (id: string) =>
      (await p.chatEvents(id)).find((e) => e.type === 'ChatRequested')?.data as ChatRequestedData;
    expect((await requested('fb-1')).parentRequestId).toBeNull();
    expect(await requested('fb-2')).toMatchObject({ conversationId: 'conv-fb', parentRequestId: 'fb-1' });
    expect(await requested('fb-gil')).not.toHaveProperty('parentRequestId');
  });

  it('a parentRequestId too long or with other characters is a 400, nothing appended', async () => {
    const before = await logged();
    for (const parentRequestId of ['x'.repeat(65), 'a b', 12])
      expect(
        (
          await p.chat(ann, {
            model: testChatModelId,
            messages: [{ role: 'user', content: 'hi' }],
            options: { requestId: 'fb-bad', conversationId: 'conv-fb', parentRequestId },
          })
        ).statusCode,
      ).toBe(400);
    expect(await logged()).toBe(before);
  });
});

describe('rating an answer', () => {
  it('appends AnswerRated with the actor, and the model and conversation of the request (not the client’s)', async () => {
    const res = await rate(ann, {
      requestId: 'fb-2',
      rating: 'good',
      model: 'another-model',
      conversationId: 'x',
    });
    expect(res).toEqual({ status: 200, body: { success: true, position: expect.any(String) as string } });
    const [event] = await ratings('fb-2');
    expect(event).toMatchObject({
      type: 'AnswerRated',
      data: { requestId: 'fb-2', conversationId: 'conv-fb', model: testChatModelId, rating: 'good' },
      metadata: { actor: { email: ann } },
    });
    expect(event?.data).not.toHaveProperty('comment');
    expect(event?.globalPosition).toBe(res.body.position);
  });

  it('rating again replaces it (a new event, the latest counts); the same rating again appends nothing', async () => {
    const bad = await rate(ann, { requestId: 'fb-2', rating: 'bad', comment: 'It got the year wrong.' });
    expect(bad.status).toBe(200);
    const same = await rate(ann, { requestId: 'fb-2', rating: 'bad', comment: 'It got the year wrong.' });
    expect(same).toEqual({ status: 200, body: { success: true, position: '0' } });
    expect((await ratings('fb-2')).map((e) => e.data)).toEqual([
      { requestId: 'fb-2', conversationId: 'conv-fb', model: testChatModelId, rating: 'good' },
      {
        requestId: 'fb-2',
        conversationId: 'conv-fb',
        model: testChatModelId,
        rating: 'bad',
        comment: 'It got the year wrong.',
      },
    ]);
  });

  it('a request without a conversation is rated too, naming none; a blank comment is none', async () => {
    expect((await rate(ann, { requestId: 'fb-api', rating: 'bad', comment: '  \n ' })).status).toBe(200);
    expect((await ratings('fb-api'))[0]?.data).toEqual({
      requestId: 'fb-api',
      model: testChatModelId,
      rating: 'bad',
    });
  });

  it("someone else's request, or an unknown one: 404 with the same words, nothing appended", async () => {
    await p.signIn(ann);
    await p.signIn(gil);
    const before = await logged();
    expect(await rate(gil, { requestId: 'fb-1', rating: 'bad' })).toEqual({
      status: 404,
      body: { success: false, message: feedbackMessages.noSuchRequest('fb-1') },
    });
    expect(await rate(ann, { requestId: 'fb-gil', rating: 'good' })).toEqual({
      status: 404,
      body: { success: false, message: feedbackMessages.noSuchRequest('fb-gil') },
    });
    expect((await rate(ann, { requestId: 'never-asked', rating: 'good' })).status).toBe(404);
    expect(await logged()).toBe(before);
    expect(await ratings('fb-1')).toEqual([]);
  });

  it('an over-long comment, an unknown rating or a bad id: 400, nothing appended', async () => {
    await p.signIn(ann);
    const before = await logged();
    const longest = 'é'.repeat(feedbackLimits.commentLength);
    for (const body of [
      { requestId: 'fb-1', rating: 'bad', comment: `${longest}x` },
      { requestId: 'fb-1', rating: 'meh' },
      { requestId: 'fb-1' },
      { rating: 'good' },
      { requestId: 'x'.repeat(65), rating: 'good' },
      { requestId: '../fb-1', rating: 'good' },
      { requestId: 'fb-1', rating: 'good', comment: 42 },
    ]) {
      const res = await rate(ann, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect(await logged()).toBe(before);
    // The longest comment allowed is taken.
    expect((await rate(ann, { requestId: 'fb-1', rating: 'bad', comment: longest })).status).toBe(200);
  });

  it('anonymous callers are refused', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: chatRateRoute,
      headers: { origin: 'http://localhost' },
      payload: { requestId: 'fb-1', rating: 'good' },
    });
    expect(res.statusCode).toBe(401);
  });
});
