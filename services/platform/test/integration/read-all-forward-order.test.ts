import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { checkpointOf, logStart, readAllForward, type Checkpoint } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

/**
 * Events as transactions 9 and 10 wrote them: ids far below any live transaction, so both are
 * readable, and one digit apart, where text order ('10' before '9') and commit order part.
 */
const writeAcrossADigit = async () => {
  for (const [tx, type] of [
    ['9', 'Ninth'],
    ['10', 'Tenth'],
  ] as const)
    await sql`
      insert into events (stream_id, stream_version, event_type, data, metadata, transaction_id)
      select 'digits', coalesce(max(stream_version), 0) + 1, ${type}, '{}'::jsonb, '{}'::jsonb, ${tx}::xid8
      from events where stream_id = 'digits'`.execute(t.db);
};

describe('readAllForward across transaction ids of different lengths', () => {
  it('reads in commit order, one at a time, and skips none', async () => {
    // Given events of transaction 9 then of transaction 10
    await writeAcrossADigit();
    // When the log is read one event at a time from its start
    const read: string[] = [];
    let from: Checkpoint = logStart;
    for (;;) {
      const [event] = await readAllForward(t.db, from, 1);
      if (!event) break;
      read.push(event.type);
      from = checkpointOf(event);
    }
    // Then transaction 9's comes first and neither is skipped
    expect(read).toEqual(['Ninth', 'Tenth']);
  });
});
