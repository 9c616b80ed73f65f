import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { chatStreamId, type ChatEvent } from '@app/contracts';
import { migrationProvider } from '@app/migrations';
import { appendToStream } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { userMetadata } from './conversation-chat';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('migration 0032 (each turn’s model, tokens and cost)', () => {
  it('fills them from the events logged before it', async () => {
    const { db } = database;
    // The table as it was before 0032.
    await sql`
      alter table rm_conversation_turns
        drop column model, drop column assistant_id, drop column tokens_in, drop column tokens_out,
        drop column cost`.execute(db);
    const events: ChatEvent[] = [
      {
        type: 'ChatRequested',
        data: {
          requestId: 'q1',
          model: 'gpt-4o',
          conversationId: 'c1',
          accountId: 'default',
          maxTokens: 100,
          assistantId: 'astp/1',
          reserved: 0.1,
          messageCount: 1,
          storage: 'future-local',
        },
      },
      {
        type: 'ChatCompleted',
        data: {
          requestId: 'q1',
          usage: { inputTokens: 7, outputTokens: 9, cachedTokens: 0, cost: 0.25 },
          durationMs: 1,
        },
      },
    ];
    await appendToStream(db, chatStreamId('q1'), events, {
      expectedVersion: 'no-stream',
      metadata: userMetadata('ann@example.com'),
    });
    await sql`
      insert into rm_conversation_turns (request_id, owner, conversation_id, parent_request_id, position)
      values ('q1', 'ann@example.com', 'c1', null, 1), ('q2', 'ann@example.com', 'c1', 'q1', 3)`.execute(db);

    const migrations = await migrationProvider.getMigrations();
    await migrations['0032_conversation_turn_usage']?.up(db);

    const turns = await db
      .selectFrom('rm_conversation_turns')
      .select(['request_id', 'model', 'assistant_id', 'tokens_in', 'tokens_out', 'cost'])
      .orderBy('request_id')
      .execute();
    expect(turns).toEqual([
      { request_id: 'q1', model: 'gpt-4o', assistant_id: 'astp/1', tokens_in: 7, tokens_out: 9, cost: 0.25 },
      { request_id: 'q2', model: null, assistant_id: null, tokens_in: null, tokens_out: null, cost: null },
    ]);
  });
});
