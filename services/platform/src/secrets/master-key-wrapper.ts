import { createHmac } from 'node:crypto';
import type { SealedSecretV1 } from '@app/contracts';
import type { z } from 'zod';
import { decrypt, derive, encrypt, joinParts, splitParts } from './crypto';
import { masterKeyBytes } from './master-key';

/**
 * What the master key does, and all it does: wrap and unwrap data keys, and fingerprint values. Its
 * id is a digest of it (safe to store and print), never the key.
 */
export interface MasterKeyWrapper {
  readonly keyId: string;
  /** HMAC-SHA256 under a key derived from the master key: equal values, equal fingerprints. */
  fingerprint(plain: string): string;
  /** The data key wrapped for the data_keys row `dataKeyId` (the id and this key's id authenticated with it). */
  wrap(dataKeyId: string, dataKey: Buffer): string;
  /** Throws when `wrapped` was not made by `wrap` under this master key for that id. */
  unwrap(dataKeyId: string, wrapped: string): Buffer;
  /** The data key a first-form sealed value carries inline (wrapped under this master key). */
  unwrapInline(sealed: z.infer<typeof SealedSecretV1>): Buffer;
}

const wrapAad = (dataKeyId: string, keyId: string) => `data-key|v2|${dataKeyId}|${keyId}`;
const inlineWrapAad = (keyId: string) => `data-key|v1|${keyId}`;

export const masterKeyWrapper = (masterKey: Buffer): MasterKeyWrapper => {
  if (masterKey.length !== masterKeyBytes)
    throw new Error(`The master key must hold ${masterKeyBytes} bytes`);
  const kek = derive(masterKey, 'kek');
  const fingerprintKey = derive(masterKey, 'fingerprint');
  const keyId = derive(masterKey, 'key-id').subarray(0, 8).toString('hex');
  return {
    keyId,
    fingerprint: (plain) => createHmac('sha256', fingerprintKey).update(plain, 'utf8').digest('base64url'),
    wrap: (dataKeyId, dataKey) => joinParts(encrypt(kek, dataKey, wrapAad(dataKeyId, keyId))),
    unwrap: (dataKeyId, wrapped) => decrypt(kek, splitParts(wrapped), wrapAad(dataKeyId, keyId)),
    unwrapInline: (sealed) => decrypt(kek, sealed.wrappedKey, inlineWrapAad(keyId)),
  };
};
