import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMessages, type EventMetadata } from '@app/contracts';
import {
  appendToStream,
  IdempotencyKeyReusedError,
  readStream,
  refuseReusedKey,
  runIdempotent,
  type Db,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

const meta: EventMetadata = {
  actor: { email: 'ann@example.com', kind: 'admin' },
  commandId: 'c',
  correlationId: 'corr',
  causationId: 'cause',
  requestId: 'req',
  schemaVersion: 1,
};

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

const appendTo = (stream: string) => async (trx: Db) => {
  const r = await appendToStream(trx, stream, [{ type: 'A', data: {} }], {
    expectedVersion: 'any',
    metadata: meta,
  });
  return { position: r.position };
};

describe('runIdempotent with the hash of the request', () => {
  it('the same request replays the first result; another request with the key is refused and runs nothing', async () => {
    const key = { actor: 'ann@example.com', commandId: 'k1' };
    const first = await runIdempotent(t.db, { ...key, requestHash: 'alpha' }, appendTo('s-alpha'));
    const again = await runIdempotent(t.db, { ...key, requestHash: 'alpha' }, appendTo('s-alpha'));
    expect(again).toEqual({ result: first.result, replayed: true });
    const other = runIdempotent(t.db, { ...key, requestHash: 'beta' }, appendTo('s-beta'));
    await expect(other).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(other).rejects.toMatchObject({
      statusCode: 409,
      message: platformMessages.idempotencyKeyReused,
    });
    expect(await readStream(t.db, 's-alpha')).toHaveLength(1);
    expect(await readStream(t.db, 's-beta')).toHaveLength(0);
  });

  it("a result stored without a hash (the platform's own commands, older rows) answers no request with one", async () => {
    const key = { actor: 'system', commandId: 'seed' };
    await runIdempotent(t.db, key, appendTo('s-seed'));
    expect((await runIdempotent(t.db, key, appendTo('s-seed'))).replayed).toBe(true);
    await expect(
      runIdempotent(t.db, { ...key, requestHash: 'x' }, appendTo('s-seed')),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await readStream(t.db, 's-seed')).toHaveLength(1);
  });

  it('commands derived from one Idempotency-Key claim it for their request: another request is refused', async () => {
    const actor = 'ann@example.com';
    const a = { actor, commandId: 'save:featureFlags', requestHash: 'h1', requestKey: 'save' };
    expect((await runIdempotent(t.db, a, appendTo('s-flags'))).replayed).toBe(false);
    const sameRequest = { actor, commandId: 'save:admins', requestHash: 'h1', requestKey: 'save' };
    expect((await runIdempotent(t.db, sameRequest, appendTo('s-admins'))).replayed).toBe(false);
    const otherRequest = { actor, commandId: 'save:groups', requestHash: 'h2', requestKey: 'save' };
    await expect(runIdempotent(t.db, otherRequest, appendTo('s-groups'))).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    await expect(
      refuseReusedKey(t.db, { actor, commandId: 'save', requestHash: 'h2' }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(
      refuseReusedKey(t.db, { actor, commandId: 'save', requestHash: 'h1' }),
    ).resolves.toBeUndefined();
    expect(await readStream(t.db, 's-groups')).toHaveLength(0);
  });

  it('a failed command claims nothing: the key may be sent again with a corrected request', async () => {
    const actor = 'ann@example.com';
    const failing = { actor, commandId: 'fix:flags', requestHash: 'wrong', requestKey: 'fix' };
    await expect(runIdempotent(t.db, failing, () => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
    const fixed = { actor, commandId: 'fix:flags', requestHash: 'right', requestKey: 'fix' };
    expect((await runIdempotent(t.db, fixed, appendTo('s-fix'))).replayed).toBe(false);
  });

  it('concurrent runs of two requests under one key: one runs, the other is refused', async () => {
    const actor = 'ann@example.com';
    const runs = await Promise.allSettled(
      ['r1', 'r2'].map((hash, i) =>
        runIdempotent(
          t.db,
          { actor, commandId: `race:${i}`, requestHash: hash, requestKey: 'race' },
          appendTo(`s-race-${i}`),
        ),
      ),
    );
    expect(runs.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = runs.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason instanceof IdempotencyKeyReusedError).toBe(true);
    const appended =
      (await readStream(t.db, 's-race-0')).length + (await readStream(t.db, 's-race-1')).length;
    expect(appended).toBe(1);
  });
});
