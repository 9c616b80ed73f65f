import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrationProvider } from '@app/migrations';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { readConversationMessages } from '../../src/read/conversations';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const message = (position: number, ordinal: number, conversation: string, request: string, role: string) => ({
  position: String(position),
  ordinal,
  owner: 'ann@example.com',
  conversation_id: conversation,
  request_id: request,
  role,
  content: `${role} of ${request}`,
  at: new Date(),
});

describe('migration 0027 (the turns of conversations)', () => {
  it('fills the turns of the messages kept before it, each request following the one before it', async () => {
    const { db } = database;
    // The database as it was before 0027: no turns table, the cloud conversations' messages kept.
    await sql`drop table rm_conversation_turns`.execute(db);
    await db
      .insertInto('rm_conversation_messages')
      .values([
        message(10, 0, 'c1', 'a', 'user'),
        message(12, 0, 'c2', 'x', 'user'),
        message(13, 0, 'c1', 'a', 'assistant'),
        message(20, 0, 'c1', 'b', 'user'),
        message(21, 0, 'c1', 'b', 'assistant'),
        message(30, 0, 'c1', 'c', 'user'),
      ])
      .execute();
    await db
      .insertInto('rm_conversations')
      .values({
        owner: 'ann@example.com',
        conversation_id: 'c1',
        storage: 'future-cloud',
        name: null,
        cost: 0,
        requests: 3,
        updated_at: new Date(),
      })
      .execute();

    const migrations = await migrationProvider.getMigrations();
    await migrations['0027_conversation_versions']?.up(db);
    // The later migrations of the table, so the read below finds the columns it reads.
    await migrations['0029_answer_ratings']?.up(db);

    const turns = await db
      .selectFrom('rm_conversation_turns')
      .select(['conversation_id', 'request_id', 'parent_request_id', 'position', 'chosen'])
      .orderBy('position')
      .execute();
    expect(turns).toEqual([
      { conversation_id: 'c1', request_id: 'a', parent_request_id: null, position: '10', chosen: false },
      { conversation_id: 'c2', request_id: 'x', parent_request_id: null, position: '12', chosen: false },
      { conversation_id: 'c1', request_id: 'b', parent_request_id: 'a', position: '20', chosen: false },
      { conversation_id: 'c1', request_id: 'c', parent_request_id: 'b', position: '30', chosen: false },
    ]);
    const read = await readConversationMessages(db, 'ann@example.com', 'c1');
    expect(read?.map((m) => [m.requestId, m.role, m.parentRequestId, m.chosen])).toEqual([
      ['a', 'user', null, false],
      ['a', 'assistant', null, false],
      ['b', 'user', 'a', false],
      ['b', 'assistant', 'a', false],
      ['c', 'user', 'b', false],
    ]);
  });

  it('reads a message whose request has no turn as following the request before it', async () => {
    const { db } = database;
    await db.deleteFrom('rm_conversation_turns').where('request_id', 'in', ['b', 'c']).execute();
    const read = await readConversationMessages(db, 'ann@example.com', 'c1');
    expect(read?.map((m) => [m.requestId, m.parentRequestId])).toEqual([
      ['a', null],
      ['a', null],
      ['b', 'a'],
      ['b', 'a'],
      ['c', 'b'],
    ]);
  });
});
