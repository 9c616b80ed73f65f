import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { last4Of, SealedSecret, type SealedSecretV1 } from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { decrypt, encrypt } from './crypto';
import type { DataKeyRecord, DataKeyRef, DataKeyStore } from './data-key-store';
import { SecretUnavailableError } from './errors';
import { holdMasterKey } from './held-master-keys';
import { masterKeyWrapper } from './master-key-wrapper';
import { pgDataKeys } from './pg-data-keys';

/**
 * Envelope encryption of secret values. Each value gets a random data key (AES-256-GCM); the data key
 * is a row of `data_keys`, wrapped under a key derived from the master key, and the sealed form names
 * it. The sealed form also carries the last 4 characters (for the mask) and an HMAC-SHA256
 * fingerprint under a second derived key, so equal values are recognised without decrypting.
 * Destroying the data key (shredding) leaves ciphertext nobody can read; rotating the master key
 * re-wraps the data keys (rotation.ts) and touches no event.
 */
export interface Keyring {
  /** Which master key this box holds (a digest, not the key). */
  readonly keyId: string;
  fingerprint(plain: string): string;
  /** Seals under a new data key, written where this keyring works (with the caller's events). */
  seal(plain: string): Promise<SealedSecret>;
  /** The plain value; throws SecretUnavailableError when its key was destroyed, or it cannot be opened. */
  open(sealed: SealedSecret): Promise<string>;
  /**
   * Destroys the data keys of the values in `dropped` that no value in `kept` uses (values that share
   * a data key are one value). Answers how many live keys were destroyed.
   */
  shred(dropped: readonly SealedSecret[], kept?: readonly SealedSecret[]): Promise<number>;
}

export interface SecretBox {
  readonly keyId: string;
  fingerprint(plain: string): string;
  /** The box at work in `db`, usually a command's transaction: data keys commit with its events. */
  keyring(db: Db): Keyring;
  /** The box at work on another store of data keys (unit tests: memoryDataKeys()). */
  keyringOn(store: DataKeyStore): Keyring;
}

type SealedV1 = z.infer<typeof SealedSecretV1>;

/** The id a first-form value's data key has once it is stored apart (adopted by a rotation, or destroyed). */
export const legacyDataKeyId = (s: SealedV1): string =>
  `v1-${createHash('sha256')
    .update(`${s.wrappedKey.iv}.${s.wrappedKey.tag}.${s.wrappedKey.ciphertext}`)
    .digest('hex')
    .slice(0, 32)}`;

/** The data key a sealed value uses (for a second-form value the master key is the row's concern). */
export const dataKeyRefOf = (s: SealedSecret): DataKeyRef =>
  s.version === 2 ? { id: s.dataKeyId, masterKeyId: '-' } : { id: legacyDataKeyId(s), masterKeyId: s.keyId };

/** Destroys the data keys of `dropped` that none of `kept` uses; needs no master key. */
export const shredSealed = (
  store: DataKeyStore,
  dropped: readonly SealedSecret[],
  kept: readonly SealedSecret[] = [],
): Promise<number> => {
  const keptIds = new Set(kept.map((s) => dataKeyRefOf(s).id));
  const refs = new Map<string, DataKeyRef>();
  for (const s of dropped) {
    const ref = dataKeyRefOf(s);
    if (!keptIds.has(ref.id)) refs.set(ref.id, ref);
  }
  return store.destroy([...refs.values()]);
};

/** The data_keys of `db` (a transaction): destroys the keys of `sealed`, e.g. an endpoint test's once it ran. */
export const destroyDataKeys = (db: Db, sealed: readonly SealedSecret[]): Promise<number> =>
  shredSealed(pgDataKeys(db), sealed);

/** The value's ciphertext also authenticates what travels beside it in clear: data key, last 4, fingerprint. */
type AadFields =
  | { version: 2; dataKeyId: string; fingerprint: string; last4: string }
  | { version: 1; keyId: string; fingerprint: string; last4: string };

const valueAad = (s: AadFields): string =>
  s.version === 2
    ? `value|v2|${s.dataKeyId}|${s.fingerprint}|${s.last4}`
    : `value|v1|${s.keyId}|${s.fingerprint}|${s.last4}`;

const unreadable = () => new SecretUnavailableError('unreadable');

export const createSecretBox = (masterKey: Buffer): SecretBox => {
  const master = masterKeyWrapper(masterKey);
  const { keyId } = master;
  // Conversation texts are opened with the master key their data key is under (conversation-keys.ts).
  holdMasterKey(master);

  const unwrapRecord = (record: DataKeyRecord | undefined): Buffer => {
    if (!record) throw unreadable();
    if (record.wrappedKey === null) throw new SecretUnavailableError('shredded');
    if (record.masterKeyId !== keyId) throw unreadable();
    try {
      return master.unwrap(record.id, record.wrappedKey);
    } catch {
      throw unreadable();
    }
  };

  const dataKeyOf = async (store: DataKeyStore, s: SealedSecret): Promise<Buffer> => {
    if (s.version === 2) return unwrapRecord(await store.find(s.dataKeyId));
    const adopted = await store.find(legacyDataKeyId(s));
    if (adopted) return unwrapRecord(adopted);
    if (s.keyId !== keyId) throw unreadable();
    try {
      return master.unwrapInline(s);
    } catch {
      throw unreadable();
    }
  };

  const keyringOn = (store: DataKeyStore): Keyring => {
    let mayWrap = false;
    return {
      keyId,
      fingerprint: (plain) => master.fingerprint(plain),
      seal: async (plain) => {
        if (!mayWrap) {
          if ((await store.masterKeyInUse(keyId)) !== keyId)
            throw new SecretUnavailableError('master-key-not-in-use');
          mayWrap = true;
        }
        const dataKeyId = randomUUID();
        const dataKey = randomBytes(32);
        try {
          const head = {
            version: 2,
            dataKeyId,
            last4: last4Of(plain),
            fingerprint: master.fingerprint(plain),
          } as const;
          const value = encrypt(dataKey, Buffer.from(plain, 'utf8'), valueAad(head));
          await store.add({ id: dataKeyId, wrappedKey: master.wrap(dataKeyId, dataKey), masterKeyId: keyId });
          return { ...head, ...value };
        } finally {
          dataKey.fill(0);
        }
      },
      open: async (raw) => {
        const parsed = SealedSecret.safeParse(raw);
        if (!parsed.success) throw unreadable();
        const sealed = parsed.data;
        const dataKey = await dataKeyOf(store, sealed);
        try {
          return decrypt(dataKey, sealed, valueAad(sealed)).toString('utf8');
        } catch {
          throw unreadable();
        } finally {
          dataKey.fill(0);
        }
      },
      shred: (dropped, kept) => shredSealed(store, dropped, kept),
    };
  };

  return {
    keyId,
    fingerprint: (plain) => master.fingerprint(plain),
    keyring: (db) => keyringOn(pgDataKeys(db)),
    keyringOn,
  };
};
