import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IdempotencyKeyReusedError,
  pruneCommandResults,
  retentionCutoff,
  runIdempotent,
  type Db,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

const actor = 'ann@example.com';
const now = new Date('2030-01-10T12:00:00Z');
const retentionHours = 72;

/** Records a result for `commandId` (with its request hash), then dates it `hoursAgo` before `now`. */
const recordAged = async (db: Db, commandId: string, hoursAgo: number, requestHash = 'h-first') => {
  await runIdempotent(db, { actor, commandId, requestHash }, () => Promise.resolve({ ran: commandId }));
  const at = new Date(now.getTime() - hoursAgo * 3_600_000);
  await sql`update command_results set recorded_at = ${at} where actor = ${actor} and command_id = ${commandId}`.execute(
    db,
  );
};

const commandIds = async (db: Db) =>
  (await db.selectFrom('command_results').select('command_id').orderBy('command_id').execute()).map(
    (r) => r.command_id,
  );

describe('pruneCommandResults', () => {
  it('removes the results older than the retention and keeps the younger ones', async () => {
    await recordAged(t.db, 'young-1h', 1);
    await recordAged(t.db, 'young-71h', 71);
    await recordAged(t.db, 'old-73h', 73);
    await recordAged(t.db, 'old-1000h', 1000);

    const r = await pruneCommandResults(t.db, retentionCutoff(now, retentionHours), { batchSize: 1 });

    expect(r).toEqual({ deleted: 2, skipped: false });
    expect(await commandIds(t.db)).toEqual(['young-1h', 'young-71h']);
    // A second run finds nothing more to remove.
    expect(await pruneCommandResults(t.db, retentionCutoff(now, retentionHours))).toEqual({
      deleted: 0,
      skipped: false,
    });
  });

  it('frees an Idempotency-Key older than the retention for another request; a younger one stays refused', async () => {
    await recordAged(t.db, 'key-old', 100, 'h-first');
    await recordAged(t.db, 'key-young', 10, 'h-first');
    const other = (commandId: string) =>
      runIdempotent(t.db, { actor, commandId, requestHash: 'h-other' }, () =>
        Promise.resolve({ ran: 'other' }),
      );
    await expect(other('key-old')).rejects.toBeInstanceOf(IdempotencyKeyReusedError);

    await pruneCommandResults(t.db, retentionCutoff(now, retentionHours));

    await expect(other('key-old')).resolves.toEqual({ result: { ran: 'other' }, replayed: false });
    await expect(other('key-young')).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });

  it('skips, removing nothing, while another instance is pruning', async () => {
    await recordAged(t.db, 'old-while-locked', 500);
    const other = await t.pool.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(7301003, 0)');
      const r = await pruneCommandResults(t.db, retentionCutoff(now, retentionHours));
      expect(r).toEqual({ deleted: 0, skipped: true });
      await other.query('commit');
    } finally {
      other.release();
    }
    expect(await commandIds(t.db)).toContain('old-while-locked');
    expect((await pruneCommandResults(t.db, retentionCutoff(now, retentionHours))).skipped).toBe(false);
    expect(await commandIds(t.db)).not.toContain('old-while-locked');
  });
});
