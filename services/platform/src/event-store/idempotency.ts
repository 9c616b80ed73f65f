import { platformMessages } from '@app/contracts';
import type { Db } from '../db/database';
import { inTransaction } from './log-waker';

export interface IdempotencyKey {
  actor: string;
  commandId: string;
  /**
   * The request that runs the command: a hash of (method, route, canonical body), see requestHashOf.
   * Stored with the result; when given, a result stored for another request (or for none) is refused
   * with IdempotencyKeyReusedError, never answered.
   */
  requestHash?: string;
  /**
   * The Idempotency-Key `commandId` was derived from, when it is not `commandId` itself (a save runs
   * one command per section): claimed for `requestHash` in the command's transaction, so the key
   * cannot serve another request, whatever sections that one lists.
   */
  requestKey?: string;
}

/** The Idempotency-Key was already used for another request: 409, and nothing runs. */
export class IdempotencyKeyReusedError extends Error {
  readonly statusCode = 409;
  constructor() {
    super(platformMessages.idempotencyKeyReused);
    this.name = 'IdempotencyKeyReusedError';
  }
}

interface Stored {
  result: unknown;
  requestHash: string | null;
}

const stored = async (db: Db, actor: string, commandId: string): Promise<Stored | undefined> => {
  const row = await db
    .selectFrom('command_results')
    .select(['result', 'request_hash'])
    .where('actor', '=', actor)
    .where('command_id', '=', commandId)
    .executeTakeFirst();
  return row ? { result: row.result, requestHash: row.request_hash } : undefined;
};

const refuseOtherRequest = (row: Stored, requestHash: string | undefined): void => {
  if (requestHash !== undefined && row.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
};

/**
 * Refuses (IdempotencyKeyReusedError) when the key, or the Idempotency-Key it was derived from, was
 * used for another request. Reads only: a route calls it before anything runs.
 */
export const refuseReusedKey = async (db: Db, key: IdempotencyKey): Promise<void> => {
  if (key.requestHash === undefined) return;
  for (const commandId of key.requestKey === undefined ? [key.commandId] : [key.commandId, key.requestKey]) {
    const row = await stored(db, key.actor, commandId);
    if (row) refuseOtherRequest(row, key.requestHash);
  }
};

/** Claims the Idempotency-Key for this request in `trx` (a concurrent claim waits for it to commit). */
const claimRequestKey = async (trx: Db, key: IdempotencyKey & { requestKey: string }): Promise<void> => {
  await trx
    .insertInto('command_results')
    .values({
      actor: key.actor,
      command_id: key.requestKey,
      result: JSON.stringify({ claimedBy: 'request' }),
      request_hash: key.requestHash ?? null,
    })
    .onConflict((oc) => oc.columns(['actor', 'command_id']).doNothing())
    .execute();
  const claim = await stored(trx, key.actor, key.requestKey);
  if (claim) refuseOtherRequest(claim, key.requestHash);
};

/**
 * Runs `work` once per (actor, commandId): its events and its result commit together, and a retry
 * of the same request returns the first result without appending anything. With a `requestHash`, the
 * same key sent for another request is refused (409) before anything runs. A failure stores nothing,
 * so it may be retried, even with a corrected body.
 */
export const runIdempotent = async <R>(
  db: Db,
  key: IdempotencyKey,
  work: (trx: Db) => Promise<R>,
): Promise<{ result: R; replayed: boolean }> => {
  const earlier = await stored(db, key.actor, key.commandId);
  if (earlier !== undefined) {
    refuseOtherRequest(earlier, key.requestHash);
    return { result: earlier.result as R, replayed: true };
  }
  if (key.requestKey !== undefined) {
    const claim = await stored(db, key.actor, key.requestKey);
    if (claim) refuseOtherRequest(claim, key.requestHash);
  }
  try {
    const result = await inTransaction(db, async (trx) => {
      if (key.requestKey !== undefined) await claimRequestKey(trx, { ...key, requestKey: key.requestKey });
      const r = await work(trx);
      await trx
        .insertInto('command_results')
        .values({
          actor: key.actor,
          command_id: key.commandId,
          result: JSON.stringify(r),
          request_hash: key.requestHash ?? null,
        })
        .execute();
      return r;
    });
    return { result, replayed: false };
  } catch (e) {
    if (e instanceof IdempotencyKeyReusedError) throw e;
    // A concurrent run of the same command may have won (a duplicate key on command_results, or a
    // ConcurrencyError on the stream it appended to): then its result is the answer, if it answered
    // the same request.
    const first = await stored(db, key.actor, key.commandId).catch(() => undefined);
    if (first === undefined) throw e;
    refuseOtherRequest(first, key.requestHash);
    return { result: first.result as R, replayed: true };
  }
};
