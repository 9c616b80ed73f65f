import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationRoutes,
  conversationSearchMessages,
  type ConversationSearchResponse,
  type ConversationSearchResult,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { chat } from './conversation-chat';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: TestPlatform;
/** The position of the last event seeded: searches wait for it. */
let last = '0';

const answerWith = (word: string) =>
  `Here is a long answer. ${'Some filler words about travel and planning. '.repeat(20)}` +
  `The ferry to the island of ${word} leaves at nine. ${'More filler words about food and museums. '.repeat(20)}`;

beforeAll(async () => {
  p = await startTestPlatform({ admins: [] });
  const db = p.database.db;
  // 1,000 cloud conversations of Ann's, one of which mentions 'Zanzibar' in the middle of its answer.
  for (let batch = 0; batch < 50; batch++) {
    const positions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const n = batch * 20 + i;
        return chat(db, ann, {
          conversationId: `ann-${n}`,
          storage: 'future-cloud',
          message: `Question number ${n} about a trip`,
          answer: answerWith(n === 517 ? 'Zanzibar' : `Capri${n}`),
          cost: 0.01,
        });
      }),
    );
    last = positions.reduce((a, b) => (BigInt(a) > BigInt(b) ? a : b), last);
  }
  // Bob's conversations hold the same word, in an answer and in a name.
  await chat(db, bob, {
    conversationId: 'bob-1',
    storage: 'future-cloud',
    message: 'Zanzibar beaches?',
    answer: answerWith('Zanzibar'),
    cost: 0.01,
  });
  last = await chat(db, bob, {
    conversationId: 'bob-2',
    storage: 'future-cloud',
    message: 'Another question',
    answer: 'Zanzibar again',
    cost: 0.01,
  });
  // The read models catch up with 2,000 seeded turns before any search; a `waitFor` alone is bounded.
  await p.settle();
}, 120_000);
afterAll(async () => {
  await p.close();
});

const search = async (email: string, q: string, extra = '') => {
  const res = await p.call(
    email,
    'GET',
    `${conversationRoutes.search}?q=${encodeURIComponent(q)}&waitFor=${last}${extra}`,
  );
  return res;
};
const results = async (email: string, q: string, extra = ''): Promise<ConversationSearchResult[]> => {
  const res = await search(email, q, extra);
  expect(res.statusCode).toBe(200);
  return res.json<ConversationSearchResponse>().results;
};
const marked = (text: string, ranges: { start: number; length: number }[]) =>
  ranges.map((r) => text.slice(r.start, r.start + r.length));

describe('conversation search', () => {
  it('finds a word from the middle of an answer among 1,000 conversations, with its snippet and message', async () => {
    const found = await results(ann, 'ferry zanzi');
    expect(found).toHaveLength(1);
    const [hit] = found;
    expect(hit?.conversationId).toBe('ann-517');
    expect(hit?.title).toBe('Question number 517 about a trip');
    expect(hit?.messageId).toMatch(/:assistant$/);
    expect(hit?.snippet).toContain('Zanzibar');
    expect(marked(hit?.snippet ?? '', hit?.matches ?? [])).toEqual(
      expect.arrayContaining(['ferry', 'Zanzibar']) as string[],
    );
  });

  it("never finds another user's conversation", async () => {
    expect((await results(ann, 'zanzibar')).map((r) => r.conversationId)).toEqual(['ann-517']);
    expect((await results(bob, 'zanzibar')).map((r) => r.conversationId).sort()).toEqual(['bob-1', 'bob-2']);
    expect(await results('carl@example.com', 'zanzibar')).toEqual([]);
  });

  it("a name's match ranks first, and the name's words are marked", async () => {
    const [first] = await results(bob, 'zanzibar');
    expect(first?.conversationId).toBe('bob-1');
    expect(marked(first?.title ?? '', first?.titleMatches ?? [])).toEqual(['Zanzibar']);
  });

  it('the limit bounds the results', async () => {
    expect(await results(ann, 'trip', '&limit=5')).toHaveLength(5);
    expect(await results(ann, 'trip')).toHaveLength(20);
  });

  it('a deleted conversation is not found', async () => {
    const res = await p.call(bob, 'POST', conversationRoutes.delete, { body: { conversationId: 'bob-2' } });
    expect(res.statusCode).toBe(200);
    last = res.json<{ position: string }>().position;
    expect((await results(bob, 'zanzibar')).map((r) => r.conversationId)).toEqual(['bob-1']);
  });

  it('tsquery syntax in the query is only words: it never errs', async () => {
    expect((await results(ann, "zanzibar'):* | !& (")).map((r) => r.conversationId)).toEqual(['ann-517']);
  });

  it('bad input is a 400 saying why, nothing else', async () => {
    const blank = await search(ann, '  ?! ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toContain(conversationSearchMessages.noWords);
    const long = await search(ann, 'a'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain(conversationSearchMessages.queryTooLong);
    expect((await search(ann, 'trip', '&limit=51')).statusCode).toBe(400);
  });
});
