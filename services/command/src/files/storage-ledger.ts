import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { fileStorageStreamId, type EventMetadata } from '@app/contracts';
import type { Db } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { loadState } from '../shared/stream-state';
import {
  ledgerBytes,
  ledgerKeys,
  storageDecider,
  type StorageCommand,
  type StorageState,
} from './storage-decider';

/** First key of the storage ledgers' advisory locks (the spend ledgers' is 7_301_010). */
const storageLockSpace = 7_301_020;

/**
 * The owner's ledger lock, for the rest of `trx`: two uploads of one owner are decided one after
 * the other, the second on what the first reserved, so they never pass the quota together.
 */
const lockStorage = async (trx: Db, owner: string): Promise<void> => {
  const key = createHash('sha256').update(fileStorageStreamId(owner)).digest().readInt32BE(0);
  await sql`select pg_advisory_xact_lock(${storageLockSpace}::int, ${key}::int)`.execute(trx);
};

/**
 * The bytes of the owner's files the ledger does not know: uploaded before it kept them (read
 * model). The owner is compared in lower case, as the ledger's stream id names it.
 */
const bytesOutsideLedger = async (trx: Db, owner: string, state: StorageState): Promise<number> => {
  const keys = ledgerKeys(state);
  const row = await trx
    .selectFrom('rm_files')
    .select(sql<string>`coalesce(sum(size), 0)`.as('bytes'))
    .where(sql<string>`lower(owner)`, '=', owner.toLowerCase())
    .$if(keys.length > 0, (q) => q.where(sql<boolean>`not (key = any(${keys}::text[]))`))
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
};

const run = (trx: Db, owner: string, command: StorageCommand, metadata: EventMetadata) =>
  handleCommand(trx, storageDecider, fileStorageStreamId(owner), command, { metadata });

/**
 * Takes the owner's ledger lock (for the rest of `trx`) and answers what their files hold: the
 * ledger's bytes and `otherBytes`, those of files it does not know.
 */
const usedStorage = async (
  trx: Db,
  owner: string,
): Promise<{ state: StorageState; usedBytes: number; otherBytes: number }> => {
  await lockStorage(trx, owner);
  const { state } = await loadState(trx, storageDecider, fileStorageStreamId(owner));
  const otherBytes = await bytesOutsideLedger(trx, owner, state);
  return { state, usedBytes: ledgerBytes(state) + otherBytes, otherBytes };
};

export interface Reservation {
  /** What the upload may take: its declared size, else what is left of the quota (at most `capBytes`). */
  bytes: number;
  /** What the owner's files held before it. */
  usedBytes: number;
}

/**
 * Reserves an upload's bytes on the owner's ledger, inside the upload request's transaction: the
 * declared size, or when none was declared what is left of the quota up to `capBytes` (the URL then
 * takes no more). Throws the quota's refusal (400) when it does not fit.
 */
export const reserveStorage = async (
  trx: Db,
  input: {
    owner: string;
    key: string;
    declaredBytes: number | undefined;
    capBytes: number;
    quotaBytes: number;
  },
  metadata: EventMetadata,
): Promise<Reservation> => {
  const { owner, key, quotaBytes } = input;
  const { usedBytes, otherBytes } = await usedStorage(trx, owner);
  const left = Math.max(0, quotaBytes - usedBytes);
  const bytes = input.declaredBytes ?? Math.min(input.capBytes, left);
  await run(trx, owner, { type: 'Reserve', data: { key, bytes, quotaBytes, otherBytes } }, metadata);
  return { bytes, usedBytes };
};

/**
 * A change to the owner's ledger once it is locked, in the transaction that recorded it: the file's
 * bytes arrived (Count: they replace its reservation), or the file was deleted (Release: its bytes
 * are no longer the owner's).
 */
export const changeStorage = async (
  trx: Db,
  owner: string,
  change: Extract<StorageCommand, { type: 'Count' | 'Release' }>,
  metadata: EventMetadata,
): Promise<void> => {
  await lockStorage(trx, owner);
  await run(trx, owner, change, metadata);
};

/**
 * Reserves `bytesEach` for each of `keys` (files whose size is known only once fetched: a website's
 * pages, each bounded by the fetch's byte cap), all or none, inside the caller's transaction; the
 * bytes fetched replace each reservation. Throws the quota's refusal (400) when they do not fit.
 */
export const reserveStorageMany = async (
  trx: Db,
  input: { owner: string; keys: string[]; bytesEach: number; quotaBytes: number },
  metadata: EventMetadata,
): Promise<void> => {
  const { owner, keys, bytesEach, quotaBytes } = input;
  const { otherBytes } = await usedStorage(trx, owner);
  await run(
    trx,
    owner,
    { type: 'ReserveMany', data: { keys, bytes: bytesEach, quotaBytes, otherBytes } },
    metadata,
  );
};

/** What the ledger holds for one file (reserved or counted), or null when it holds nothing for it. */
export const heldStorage = async (db: Db, owner: string, key: string): Promise<number | null> => {
  const { state } = await loadState(db, storageDecider, fileStorageStreamId(owner));
  return state.files[key] ?? null;
};
