import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  chatRateRoute,
  conversationRoutes,
  feedbackStreamId,
  type ConversationMessagesResponse,
  type ConversationRatingsResponse,
  type FeedbackEvent,
} from '@app/contracts';
import { sql } from 'kysely';
import { migrationProvider } from '@app/migrations';
import { appendToStream } from '@app/platform';
import { rebuild } from '../../src/index';
import { conversationsProjection } from '../../src/projections/conversations';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { chat, userMetadata, type ChatTurn } from './conversation-chat';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [] });
  const turn = (conversationId: string, requestId: string, storage: ChatTurn['storage']): ChatTurn => ({
    conversationId,
    requestId,
    storage,
    message: `asks ${requestId}`,
    answer: `answers ${requestId}`,
    cost: 0.01,
  });
  await chat(p.database.db, ann, turn('cloudy', 'c1', 'future-cloud'));
  await chat(p.database.db, ann, turn('cloudy', 'c2', 'future-cloud'));
  await chat(p.database.db, ann, turn('homely', 'h1', 'future-local'));
  await chat(p.database.db, ann, turn('homely', 'h2', 'future-local'));
  await chat(p.database.db, bob, turn('bobs', 'b1', 'future-cloud'));
});
afterAll(async () => {
  await p.close();
});

/** POST /api/chat/rate as `email`: the position to wait for. */
const rate = async (email: string, body: { requestId: string; rating: 'good' | 'bad'; comment?: string }) => {
  const res = await p.call(email, 'POST', chatRateRoute, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ position: string }>().position;
};

const ratings = async (email: string, conversationId: string, waitFor?: string) => {
  const query = waitFor ? `?waitFor=${waitFor}` : '';
  const res = await p.call(email, 'GET', `${conversationRoutes.ratings(conversationId)}${query}`);
  return { status: res.statusCode, body: res.json<ConversationRatingsResponse & { message?: string }>() };
};

/** A cloud conversation's messages as (request, role, rating). */
const rated = async (email: string, conversationId: string, waitFor: string) => {
  const res = await p.call(email, 'GET', `${conversationRoutes.messages(conversationId)}?waitFor=${waitFor}`);
  expect(res.statusCode).toBe(200);
  return res.json<ConversationMessagesResponse>().data.map((m) => [m.requestId, m.role, m.rating]);
};

describe("the owner's ratings of a conversation's answers", () => {
  it('a rating of a cloud answer shows on the answer and in the ratings, with its comment', async () => {
    const at = await rate(ann, { requestId: 'c2', rating: 'bad', comment: 'Wrong year' });
    expect(await rated(ann, 'cloudy', at)).toEqual([
      ['c1', 'user', undefined],
      ['c1', 'assistant', undefined],
      ['c2', 'user', undefined],
      ['c2', 'assistant', 'bad'],
    ]);
    expect(await ratings(ann, 'cloudy', at)).toEqual({
      status: 200,
      body: { success: true, data: [{ requestId: 'c2', rating: 'bad', comment: 'Wrong year' }] },
    });
  });

  it('the latest rating wins, and a rating without a comment drops the one before', async () => {
    await rate(ann, { requestId: 'c1', rating: 'good' });
    const at = await rate(ann, { requestId: 'c2', rating: 'good' });
    expect((await ratings(ann, 'cloudy', at)).body.data).toEqual([
      { requestId: 'c1', rating: 'good' },
      { requestId: 'c2', rating: 'good' },
    ]);
    expect((await rated(ann, 'cloudy', at)).filter(([, role]) => role === 'assistant')).toEqual([
      ['c1', 'assistant', 'good'],
      ['c2', 'assistant', 'good'],
    ]);
  });

  it('a local conversation keeps its ratings though the server keeps none of its messages', async () => {
    await rate(ann, { requestId: 'h1', rating: 'good' });
    const at = await rate(ann, { requestId: 'h1', rating: 'bad', comment: 'Too long' });
    expect(await ratings(ann, 'homely', at)).toEqual({
      status: 200,
      body: { success: true, data: [{ requestId: 'h1', rating: 'bad', comment: 'Too long' }] },
    });
  });

  it("another user's rating of an answer does not show", async () => {
    // The rate route refuses it (404); a rating in the log by anyone else than the owner is ignored.
    const notMine: FeedbackEvent = {
      type: 'AnswerRated',
      data: { requestId: 'h2', conversationId: 'homely', model: 'gpt-4o', rating: 'bad' },
    };
    const { position } = await appendToStream(p.database.db, feedbackStreamId('h2'), [notMine], {
      expectedVersion: 'any',
      metadata: userMetadata(bob),
    });
    expect((await ratings(ann, 'homely', position)).body.data).toEqual([
      { requestId: 'h1', rating: 'bad', comment: 'Too long' },
    ]);
    expect(
      (await p.call(bob, 'POST', chatRateRoute, { body: { requestId: 'c1', rating: 'bad' } })).statusCode,
    ).toBe(404);
  });

  it("another user's conversation, or none: 404 with the conversation's words", async () => {
    expect(await ratings(bob, 'cloudy')).toEqual({
      status: 404,
      body: { success: false, message: chatMessages.noSuchConversation('cloudy') },
    });
    expect((await ratings(ann, 'bobs')).status).toBe(404);
    expect((await ratings(ann, 'nowhere')).status).toBe(404);
    expect((await ratings(bob, 'bobs')).body).toEqual({ success: true, data: [] });
    expect((await p.call(null, 'GET', conversationRoutes.ratings('cloudy'))).statusCode).toBe(401);
    expect((await ratings(ann, 'bad id')).status).toBe(400);
  });

  it('a rebuild from the log gives the same ratings as the runner', async () => {
    await p.settle();
    const turns = () =>
      p.database.db
        .selectFrom('rm_conversation_turns')
        .select(['request_id', 'owner', 'rating', 'rating_comment'])
        .orderBy('request_id')
        .execute();
    const folded = await turns();
    expect(folded.filter((t) => t.rating !== null).length).toBe(3);
    await rebuild(p.database.db, conversationsProjection);
    expect(await turns()).toEqual(folded);
  });

  it('migration 0029 fills the ratings logged before it as the projection does', async () => {
    const { db } = p.database;
    await p.settle();
    const turns = () =>
      db
        .selectFrom('rm_conversation_turns')
        .select(['request_id', 'rating', 'rating_comment'])
        .orderBy('request_id')
        .execute();
    const folded = await turns();
    // The table as it was before 0029 (the turns, no ratings), the ratings in the log.
    await sql`alter table rm_conversation_turns drop column rating, drop column rating_comment`.execute(db);
    await (await migrationProvider.getMigrations())['0029_answer_ratings']?.up(db);
    expect(await turns()).toEqual(folded);
  });
});
