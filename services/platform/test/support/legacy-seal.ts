import { createHmac, randomBytes } from 'node:crypto';
import { last4Of, type SealedSecretV1 } from '@app/contracts';
import type { z } from 'zod';
import { derive, encrypt } from '../../src/secrets/crypto';

/**
 * A value sealed the way the first form did (before data keys had a table): the data key inline,
 * wrapped under a key derived from the master key. For tests of old logs only; nothing writes this.
 */
export const sealFirstForm = (masterKey: Buffer, plain: string): z.infer<typeof SealedSecretV1> => {
  const keyId = derive(masterKey, 'key-id').subarray(0, 8).toString('hex');
  const fingerprint = createHmac('sha256', derive(masterKey, 'fingerprint'))
    .update(plain)
    .digest('base64url');
  const last4 = last4Of(plain);
  const dataKey = randomBytes(32);
  const value = encrypt(dataKey, Buffer.from(plain, 'utf8'), `value|v1|${keyId}|${fingerprint}|${last4}`);
  const wrappedKey = encrypt(derive(masterKey, 'kek'), dataKey, `data-key|v1|${keyId}`);
  return { version: 1, keyId, last4, fingerprint, ...value, wrappedKey };
};
