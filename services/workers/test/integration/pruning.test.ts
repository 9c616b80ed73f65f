import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, runIdempotent } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { startPruning } from '../../src/index';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

const actor = 'ann@example.com';

const record = async (commandId: string, hoursAgo: number) => {
  await runIdempotent(t.db, { actor, commandId }, () => Promise.resolve({ ok: true }));
  await sql`update command_results set recorded_at = now() - make_interval(hours => ${hoursAgo})
            where actor = ${actor} and command_id = ${commandId}`.execute(t.db);
};

describe('the workers pruning', () => {
  it('removes the command results older than the retention it is given, keeps the younger ones', async () => {
    await record('two-hours', 2);
    await record('five-hours', 5);
    const pruning = startPruning({ db: t.db, logger: createLogger('silent', 'test'), retentionHours: 4 });
    try {
      await pruning.runOnce();
    } finally {
      await pruning.stop();
    }
    const left = await t.db.selectFrom('command_results').select('command_id').execute();
    expect(left.map((r) => r.command_id)).toEqual(['two-hours']);
  });
});
