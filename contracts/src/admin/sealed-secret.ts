import { z } from 'zod';

/** Base64url of AES-GCM parts; generous bounds (a value of 64 KiB seals to about 88 000 characters). */
const part = z.string().max(100_000);
const shortPart = z.string().max(200);

/**
 * The first form (still read, never written): the data key travelled with the value, wrapped under
 * the master key, so it could not be destroyed apart from the log.
 */
export const SealedSecretV1 = z.object({
  version: z.literal(1),
  /** Which master key wrapped the data key (a digest of it, not the key). */
  keyId: shortPart,
  iv: shortPart,
  tag: shortPart,
  ciphertext: part,
  wrappedKey: z.object({ iv: shortPart, tag: shortPart, ciphertext: shortPart }),
  last4: shortPart,
  fingerprint: shortPart,
});

/**
 * A secret as events, job rows and read models hold it (envelope encryption): the value under a
 * random data key (AES-256-GCM), the id of that data key (the key itself, wrapped under the master
 * key, is a row of the `data_keys` table, destroyed when the value is deleted or replaced), the last
 * characters for the mask and a keyed fingerprint (HMAC-SHA256) that tells equal values apart
 * without decrypting. Never the value, never a key.
 */
export const SealedSecretV2 = z.object({
  version: z.literal(2),
  dataKeyId: shortPart,
  iv: shortPart,
  tag: shortPart,
  ciphertext: part,
  /** The value's last 4 characters, or '' when the value is too short to show any of it. */
  last4: shortPart,
  fingerprint: shortPart,
});

export const SealedSecret = z.discriminatedUnion('version', [SealedSecretV2, SealedSecretV1]);
export type SealedSecret = z.infer<typeof SealedSecret>;

/** Values shorter than this show no character in their mask. */
export const minLengthForLast4 = 12;

export const maskPrefix = '••••••••';

/** What GET answers in place of a secret value: '••••••••' plus its last 4 characters (when long enough). */
export const maskOf = (last4: string): string => `${maskPrefix}${last4}`;

/** Whether a value the dialog sent back is a mask (unchanged), not a new value. */
export const isMask = (value: string): boolean => value.startsWith(maskPrefix);

/** The characters a mask may show of a value. */
export const last4Of = (value: string): string => {
  const chars = Array.from(value);
  return chars.length >= minLengthForLast4 ? chars.slice(-4).join('') : '';
};
