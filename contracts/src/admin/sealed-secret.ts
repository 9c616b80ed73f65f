import { z } from 'zod';

/**
 * A secret as events and read models hold it (envelope encryption): the value under a random data
 * key (AES-256-GCM), the data key wrapped under the master key, the last characters for the mask and
 * a keyed fingerprint (HMAC-SHA256) that tells equal values apart without decrypting. Never the value.
 */
export const SealedSecret = z.object({
  version: z.literal(1),
  /** Which master key wrapped the data key (a digest of it, not the key). */
  keyId: z.string(),
  iv: z.string(),
  tag: z.string(),
  ciphertext: z.string(),
  wrappedKey: z.object({ iv: z.string(), tag: z.string(), ciphertext: z.string() }),
  /** The value's last 4 characters, or '' when the value is too short to show any of it. */
  last4: z.string(),
  fingerprint: z.string(),
});
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
