import { randomBytes, randomUUID } from 'node:crypto';
import { SealedText } from '@app/contracts';
import type { Db } from '../db/database';
import { SecretUnavailableError } from './errors';
import { heldMasterKey } from './held-master-keys';
import { createKeyCache } from './key-cache';
import { pgDataKeys } from './pg-data-keys';
import { openTextUnder, sealTextUnder } from './sealed-text';

/**
 * Each cloud conversation's text is sealed under a data key of its own (a row of `data_keys`,
 * wrapped under the master key), named by its `conversation_keys` row and made by its first request
 * in that request's transaction. Deleting the conversation destroys the key (in the delete's
 * transaction) and drops the row: every text sealed under it, in the append-only log, is shredded,
 * and a replay can never bring it back; a later request in the conversation gets a new key.
 */

/** One conversation's data key, unwrapped: seals its texts in memory (a request's, then its answer). */
export interface TextSealer {
  readonly dataKeyId: string;
  /** `plain` sealed for `purpose` (contracts' sealedTextPurposes): nothing of it in clear. */
  seal(purpose: string, plain: string): SealedText;
}

/** Unwrapped keys for five minutes at most, a thousand at most (key-cache.ts). */
const keys = createKeyCache({ max: 1024, ttlMs: 5 * 60_000 });

const unreadable = () => new SecretUnavailableError('unreadable');

interface KeyRow {
  id: string;
  wrappedKey: string | null;
  masterKeyId: string;
}

/** The row's data key, from the cache or unwrapped under the master key this process holds for it. */
const unwrapped = (row: KeyRow): Buffer => {
  if (row.wrappedKey === null) throw new SecretUnavailableError('shredded');
  const cached = keys.get(row.id, row.wrappedKey);
  if (cached) return cached;
  const master = heldMasterKey(row.masterKeyId);
  if (!master) throw unreadable();
  let key: Buffer;
  try {
    key = master.unwrap(row.id, row.wrappedKey);
  } catch {
    throw unreadable();
  }
  keys.set(row.id, row.wrappedKey, key);
  return key;
};

/** A sealer on its own copy of the key: the cache zeroes its entries when they go, a request may outlast them. */
const sealerOf = (dataKeyId: string, key: Buffer): TextSealer => {
  const own = Buffer.from(key);
  return { dataKeyId, seal: (purpose, plain) => sealTextUnder(own, dataKeyId, purpose, plain) };
};

/**
 * The conversation's current key, its row held (key share) until the transaction ends, so a delete
 * waits for the request sealing under it; undefined when it has none.
 */
const currentKey = async (db: Db, owner: string, conversationId: string) =>
  db
    .selectFrom('conversation_keys as ck')
    .innerJoin('data_keys as dk', 'dk.id', 'ck.data_key_id')
    .select(['ck.data_key_id as id', 'dk.wrapped_key as wrappedKey', 'dk.master_key_id as masterKeyId'])
    .where('ck.owner', '=', owner)
    .where('ck.conversation_id', '=', conversationId)
    .forKeyShare('ck')
    .executeTakeFirst();

/**
 * The sealer of `owner`'s conversation, in `db` (the request's transaction): its key as recorded
 * (one statement, the unwrapped key cached), or a new one made now under the master key `masterKeyId`
 * (the caller's SecretBox's keyId) and recorded with the caller's events. A conversation whose key was
 * destroyed (deleted) gets a new one. Throws SecretUnavailableError when the key cannot be unwrapped
 * here, or a new one cannot be wrapped (this master key is not the one in use).
 */
export const sealerForConversation = async (
  db: Db,
  at: { owner: string; conversationId: string; masterKeyId: string },
): Promise<TextSealer> => {
  const { owner, conversationId, masterKeyId } = at;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await currentKey(db, owner, conversationId);
    if (row && row.wrappedKey !== null) return sealerOf(row.id, unwrapped(row));
    const master = heldMasterKey(masterKeyId);
    if (!master) throw unreadable();
    const store = pgDataKeys(db);
    if ((await store.masterKeyInUse(masterKeyId)) !== masterKeyId)
      throw new SecretUnavailableError('master-key-not-in-use');
    const id = randomUUID();
    // Recorded first: a concurrent first request of the same conversation waits here for the other's
    // commit, then finds its key (the next attempt) instead of making a second one.
    const recorded = row
      ? await db
          .updateTable('conversation_keys')
          .set({ data_key_id: id })
          .where('owner', '=', owner)
          .where('conversation_id', '=', conversationId)
          .where('data_key_id', '=', row.id)
          .returning('data_key_id')
          .executeTakeFirst()
      : await db
          .insertInto('conversation_keys')
          .values({ owner, conversation_id: conversationId, data_key_id: id })
          .onConflict((oc) => oc.columns(['owner', 'conversation_id']).doNothing())
          .returning('data_key_id')
          .executeTakeFirst();
    if (!recorded) continue;
    const key = randomBytes(32);
    const wrappedKey = master.wrap(id, key);
    await store.add({ id, wrappedKey, masterKeyId });
    keys.set(id, wrappedKey, key);
    return sealerOf(id, key);
  }
  throw unreadable();
};

/**
 * Destroys `owner`'s conversation's data key and drops its row, in `db` (the delete's transaction):
 * every text sealed under it is shredded. Needs no master key. Answers how many live keys went.
 */
export const destroyConversationKey = async (
  db: Db,
  owner: string,
  conversationId: string,
): Promise<number> => {
  const dropped = await db
    .deleteFrom('conversation_keys')
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .returning('data_key_id')
    .execute();
  if (dropped.length === 0) return 0;
  const destroyed = await pgDataKeys(db).destroy(
    dropped.map((r) => ({ id: r.data_key_id, masterKeyId: '-' })),
  );
  for (const r of dropped) keys.forget(r.data_key_id);
  return destroyed;
};

/**
 * A sealed conversation text, opened for `purpose` with the key its `data_keys` row holds (read in
 * `db`, so a key destroyed is never served from the cache). Throws SecretUnavailableError: `shredded`
 * once the conversation was deleted; `unreadable` when it is not a sealed text, was sealed for
 * another purpose, or its key is under a master key this process does not hold.
 */
export const openSealedText = async (db: Db, sealed: unknown, purpose: string): Promise<string> => {
  const parsed = SealedText.safeParse(sealed);
  if (!parsed.success) throw unreadable();
  const row = await pgDataKeys(db).find(parsed.data.dataKeyId);
  if (!row) throw unreadable();
  const key = unwrapped(row);
  try {
    return openTextUnder(key, parsed.data, purpose);
  } catch {
    throw unreadable();
  }
};

/** The same, or null when it was shredded (its conversation deleted): what a reader of the log skips. */
export const openSealedTextUnlessShredded = async (
  db: Db,
  sealed: unknown,
  purpose: string,
): Promise<string | null> => {
  try {
    return await openSealedText(db, sealed, purpose);
  } catch (e) {
    if (e instanceof SecretUnavailableError && e.reason === 'shredded') return null;
    throw e;
  }
};
