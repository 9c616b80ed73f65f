import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatStreamId, type RecordedEvent } from '@app/contracts';
import { readStream, type Db } from '@app/platform';
import { createTestDatabase, statementCounter, type TestDatabase } from '@app/platform/testing';
import { conversationsProjection } from '../../src/projections/conversations';
import { endChat, requestChat, type ChatTurn } from './conversation-chat';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.drop();
});

/** Folds one recorded event as the runner does (inside a transaction); answers its change and statements. */
const fold = async (recorded: RecordedEvent) => {
  const { counted, plugin } = statementCounter();
  const answer = await db
    .transaction()
    .execute((trx) => conversationsProjection.apply(recorded, trx.withPlugin(plugin)));
  return { answer, statements: counted.statements };
};

const last = async (requestId: string): Promise<RecordedEvent> => {
  const events = await readStream(db, chatStreamId(requestId));
  const event = events.at(-1);
  if (!event) throw new Error(`no events for ${requestId}`);
  return event;
};

const local = (conversationId: string | undefined, requestId: string, rest: Partial<ChatTurn> = {}) => ({
  ...(conversationId === undefined ? {} : { conversationId }),
  requestId,
  storage: 'future-local' as const,
  message: `asks ${requestId}`,
  cost: 0.25,
  ...rest,
});

/** Appends and folds a request's ChatRequested. */
const request = async (email: string, turn: ChatTurn) => {
  const { requestId } = await requestChat(db, email, turn);
  return fold(await last(requestId));
};

/** Appends and folds a request's end (ChatCompleted unless `turn.end` says otherwise). */
const end = async (email: string, turn: ChatTurn & { requestId: string }) => {
  await endChat(db, email, turn.requestId, turn);
  return fold(await last(turn.requestId));
};

const turnsOf = (conversationId: string) =>
  db
    .selectFrom('rm_conversation_turns')
    .select([
      'request_id',
      'owner',
      'parent_request_id',
      'chosen',
      'model',
      'assistant_id',
      'tokens_in',
      'tokens_out',
      'cost',
    ])
    .where('conversation_id', '=', conversationId)
    .orderBy('position')
    .orderBy('request_id')
    .execute();

const conversationOf = (owner: string, conversationId: string) =>
  db
    .selectFrom('rm_conversations')
    .select(['cost', 'requests', 'model', 'storage', 'name'])
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();

const running = (requestId: string) =>
  db.selectFrom('rm_conversation_requests').selectAll().where('request_id', '=', requestId).execute();

const usage = { model: 'gpt-4o', assistant_id: null };

describe('the statements of a chat request in the conversations projection', () => {
  it('given a local conversation, when a request is folded and then its end, then each is one statement', async () => {
    const requested = await request(ann, local('count-local', 'cl1'));
    expect(requested).toEqual({ answer: ['count-local'], statements: 1 });
    const ended = await end(ann, local('count-local', 'cl1'));
    expect(ended).toEqual({ answer: ['count-local'], statements: 1 });
    expect(await turnsOf('count-local')).toEqual([
      {
        request_id: 'cl1',
        owner: ann,
        parent_request_id: null,
        chosen: false,
        ...usage,
        tokens_in: 10,
        tokens_out: 20,
        cost: 0.25,
      },
    ]);
    expect(await conversationOf(ann, 'count-local')).toEqual({
      cost: 0.25,
      requests: 1,
      model: 'gpt-4o',
      storage: 'future-local',
      name: null,
    });
    expect(await running('cl1')).toEqual([]);
  });

  it('given a cloud conversation, when a request is folded, then its message goes in the same one statement, and its answer in a second one at its end', async () => {
    const turn = { ...local('count-cloud', 'cc1'), storage: 'future-cloud' as const, answer: 'an answer' };
    expect(await request(ann, turn)).toEqual({ answer: ['count-cloud'], statements: 1 });
    expect(await end(ann, turn)).toEqual({ answer: ['count-cloud'], statements: 2 });
    const messages = await db
      .selectFrom('rm_conversation_messages')
      .select(['request_id', 'role', 'content', 'ordinal'])
      .where('conversation_id', '=', 'count-cloud')
      .orderBy('position')
      .orderBy('ordinal')
      .execute();
    expect(messages).toEqual([
      { request_id: 'cc1', role: 'user', content: 'asks cc1', ordinal: 0 },
      { request_id: 'cc1', role: 'assistant', content: 'an answer', ordinal: 0 },
    ]);
    expect((await conversationOf(ann, 'count-cloud'))?.name).toBe('asks cc1');
  });
});

describe('where a request sits among its turns', () => {
  it('given a turn after r1 chosen, when a new version after r1 is requested, then its siblings are no longer chosen and nothing else changes', async () => {
    await request(ann, local('regen', 'g1', { parentRequestId: null }));
    await request(ann, local('regen', 'g2', { parentRequestId: 'g1' }));
    await request(ann, local('regen', 'g3', { parentRequestId: 'g2' }));
    await db
      .updateTable('rm_conversation_turns')
      .set({ chosen: true })
      .where('request_id', 'in', ['g1', 'g2', 'g3'])
      .execute();

    const regenerated = await request(ann, local('regen', 'g2b', { parentRequestId: 'g1' }));

    expect(regenerated).toEqual({ answer: ['regen'], statements: 1 });
    expect((await turnsOf('regen')).map((t) => [t.request_id, t.parent_request_id, t.chosen])).toEqual([
      ['g1', null, true],
      ['g2', 'g1', false],
      ['g3', 'g2', true],
      ['g2b', 'g1', false],
    ]);
  });

  it("given first turns of two conversations chosen, when a request names none, then only its own conversation's first turns are cleared", async () => {
    await request(ann, local('first-a', 'fa1', { parentRequestId: null }));
    await request(ann, local('first-b', 'fb1', { parentRequestId: null }));
    await db
      .updateTable('rm_conversation_turns')
      .set({ chosen: true })
      .where('request_id', 'in', ['fa1', 'fb1'])
      .execute();

    await request(ann, local('first-a', 'fa2', { parentRequestId: null }));

    expect((await turnsOf('first-a')).map((t) => [t.request_id, t.parent_request_id, t.chosen])).toEqual([
      ['fa1', null, false],
      ['fa2', null, false],
    ]);
    expect((await turnsOf('first-b')).map((t) => t.chosen)).toEqual([true]);
  });

  it("given a parent named that is not there (unknown, another conversation's, another owner's), when requested, then it follows the conversation's latest request", async () => {
    await request(bob, local('bobs-parent', 'bp1', { parentRequestId: null }));
    await request(ann, local('elsewhere', 'e1', { parentRequestId: null }));
    await request(ann, local('named', 'n1', { parentRequestId: null }));
    await request(ann, local('named', 'n2', { parentRequestId: 'nobody' }));
    await request(ann, local('named', 'n3', { parentRequestId: 'e1' }));
    await request(ann, local('named', 'n4', { parentRequestId: 'bp1' }));
    await request(ann, local('named', 'n5'));
    expect((await turnsOf('named')).map((t) => [t.request_id, t.parent_request_id])).toEqual([
      ['n1', null],
      ['n2', 'n1'],
      ['n3', 'n2'],
      ['n4', 'n3'],
      ['n5', 'n4'],
    ]);
  });

  it('given an empty conversation, when its first request names a parent that is not there, then it is a first turn', async () => {
    await request(ann, local('empty', 'x1', { parentRequestId: 'nobody' }));
    expect((await turnsOf('empty')).map((t) => [t.request_id, t.parent_request_id])).toEqual([['x1', null]]);
  });

  it('given a turn already kept under the request id (an imported one), when the request is folded, then it keeps its place, is cleared as a sibling and takes the model', async () => {
    await request(ann, local('kept', 'k1', { parentRequestId: null }));
    const turn = {
      owner: ann,
      conversation_id: 'kept',
      parent_request_id: 'k1',
      position: '1',
      chosen: true,
      model: 'old-model',
    };
    await db
      .insertInto('rm_conversation_turns')
      .values([
        { ...turn, request_id: 'k2' },
        { ...turn, request_id: 'k2-sibling' },
        { ...turn, request_id: 'bobs-k', owner: bob, conversation_id: 'bobs-kept' },
      ])
      .execute();

    await request(ann, local('kept', 'k2', { parentRequestId: 'k1' }));
    // Another owner's turn under the same id is not theirs to change.
    await request(ann, local('kept', 'bobs-k', { parentRequestId: 'k1' }));

    const kept = await db
      .selectFrom('rm_conversation_turns')
      .select(['request_id', 'owner', 'parent_request_id', 'position', 'chosen', 'model'])
      .where('request_id', 'in', ['k2', 'k2-sibling', 'bobs-k'])
      .orderBy('request_id')
      .execute();
    expect(kept).toEqual([
      {
        request_id: 'bobs-k',
        owner: bob,
        parent_request_id: 'k1',
        position: '1',
        chosen: true,
        model: 'old-model',
      },
      {
        request_id: 'k2',
        owner: ann,
        parent_request_id: 'k1',
        position: '1',
        chosen: false,
        model: 'gpt-4o',
      },
      {
        request_id: 'k2-sibling',
        owner: ann,
        parent_request_id: 'k1',
        position: '1',
        chosen: false,
        model: 'old-model',
      },
    ]);
  });
});

describe('how a request ends', () => {
  it('given a request with no conversation, when it is requested and ends, then nothing is kept and nothing is answered', async () => {
    expect(await request(ann, local(undefined, 'none1'))).toEqual({ answer: [], statements: 0 });
    expect(await end(ann, local(undefined, 'none1'))).toEqual({ answer: [], statements: 1 });
    const turns = await db
      .selectFrom('rm_conversation_turns')
      .select('request_id')
      .where('request_id', '=', 'none1')
      .execute();
    expect(turns).toEqual([]);
  });

  it('given two requests, when one is stopped and one fails, then each adds its cost and its turn its tokens', async () => {
    await request(bob, local('ends', 's1'));
    await request(bob, local('ends', 's2', { cost: 0.5 }));
    expect(await end(bob, local('ends', 's1', { end: 'ChatStopped' }))).toEqual({
      answer: ['ends'],
      statements: 1,
    });
    expect(await end(bob, local('ends', 's2', { cost: 0.5, end: 'ChatFailed' }))).toEqual({
      answer: ['ends'],
      statements: 1,
    });
    expect((await conversationOf(bob, 'ends'))?.cost).toBe(0.75);
    expect((await turnsOf('ends')).map((t) => [t.request_id, t.tokens_in, t.tokens_out, t.cost])).toEqual([
      ['s1', 10, 20, 0.25],
      ['s2', 10, 20, 0.5],
    ]);
    expect([...(await running('s1')), ...(await running('s2'))]).toEqual([]);
  });

  it('given a running request whose conversation row is gone, when it ends, then its running row goes and nothing else changes', async () => {
    await request(bob, local('gone', 'gone1'));
    await db.deleteFrom('rm_conversations').where('conversation_id', '=', 'gone').execute();

    expect(await end(bob, local('gone', 'gone1'))).toEqual({ answer: [], statements: 1 });

    expect(await running('gone1')).toEqual([]);
    expect((await turnsOf('gone')).map((t) => [t.request_id, t.tokens_in, t.cost])).toEqual([
      ['gone1', null, null],
    ]);
  });

  it('given a request that ended already, when an end is folded again, then nothing changes and nothing is answered', async () => {
    await request(ann, local('twice', 't1'));
    await end(ann, local('twice', 't1'));
    expect(await end(ann, local('twice', 't1', { cost: 9 }))).toEqual({ answer: [], statements: 1 });
    expect((await conversationOf(ann, 'twice'))?.cost).toBe(0.25);
  });
});
