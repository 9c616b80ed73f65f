import type { SealedSecret } from '@app/contracts';

/** A sealed value as the deciders see it: only the fingerprint (and last 4) matter to them. */
export const sealed = (fingerprint: string, last4 = ''): SealedSecret => ({
  version: 1,
  keyId: 'test',
  iv: `iv-${fingerprint}`,
  tag: `tag-${fingerprint}`,
  ciphertext: `ct-${fingerprint}`,
  wrappedKey: { iv: 'wiv', tag: 'wtag', ciphertext: 'wct' },
  last4,
  fingerprint,
});
