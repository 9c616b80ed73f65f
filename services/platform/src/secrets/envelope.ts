import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { last4Of, SealedSecret } from '@app/contracts';
import { masterKeyBytes } from './master-key';

/**
 * Envelope encryption of secret values. Each value gets a random data key (AES-256-GCM); the data key
 * is wrapped under a key-encryption key derived from the master key. The sealed form carries the last
 * 4 characters (for the mask) and an HMAC-SHA256 fingerprint under a second derived key, so equal
 * values are recognised without decrypting and an unchanged value appends nothing.
 */
export interface SecretBox {
  /** Which master key this box holds (a digest, not the key). */
  readonly keyId: string;
  seal(plain: string): SealedSecret;
  /** The plain value; throws when the sealed form was altered or sealed under another master key. */
  open(sealed: SealedSecret): string;
  fingerprint(plain: string): string;
}

const algorithm = 'aes-256-gcm';
const ivBytes = 12;

const derive = (master: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `chat-platform/secrets/${purpose}/v1`, 32));

const b64 = (b: Buffer): string => b.toString('base64url');
const unb64 = (s: string): Buffer => Buffer.from(s, 'base64url');

const encrypt = (key: Buffer, plain: Buffer, aad: string) => {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv(algorithm, key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv: b64(iv), tag: b64(cipher.getAuthTag()), ciphertext: b64(ciphertext) };
};

const decrypt = (key: Buffer, part: { iv: string; tag: string; ciphertext: string }, aad: string): Buffer => {
  const decipher = createDecipheriv(algorithm, key, unb64(part.iv));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(unb64(part.tag));
  return Buffer.concat([decipher.update(unb64(part.ciphertext)), decipher.final()]);
};

/** The value's ciphertext also authenticates what travels beside it in clear: key id, last 4, fingerprint. */
const valueAad = (s: Pick<SealedSecret, 'keyId' | 'last4' | 'fingerprint'>) =>
  `value|v1|${s.keyId}|${s.fingerprint}|${s.last4}`;
const wrapAad = (keyId: string) => `data-key|v1|${keyId}`;

export const createSecretBox = (masterKey: Buffer): SecretBox => {
  if (masterKey.length !== masterKeyBytes)
    throw new Error(`The master key must hold ${masterKeyBytes} bytes`);
  const kek = derive(masterKey, 'kek');
  const fingerprintKey = derive(masterKey, 'fingerprint');
  const keyId = derive(masterKey, 'key-id').subarray(0, 8).toString('hex');

  const fingerprint = (plain: string): string =>
    createHmac('sha256', fingerprintKey).update(plain, 'utf8').digest('base64url');

  return {
    keyId,
    fingerprint,
    seal: (plain) => {
      const dataKey = randomBytes(32);
      try {
        const head = { keyId, last4: last4Of(plain), fingerprint: fingerprint(plain) };
        const value = encrypt(dataKey, Buffer.from(plain, 'utf8'), valueAad(head));
        const wrappedKey = encrypt(kek, dataKey, wrapAad(keyId));
        return { version: 1, ...head, ...value, wrappedKey };
      } finally {
        dataKey.fill(0);
      }
    },
    open: (raw) => {
      const sealed = SealedSecret.parse(raw);
      if (sealed.keyId !== keyId) throw new Error(`sealed under another master key (${sealed.keyId})`);
      const dataKey = decrypt(kek, sealed.wrappedKey, wrapAad(keyId));
      try {
        const plain = decrypt(dataKey, sealed, valueAad(sealed)).toString('utf8');
        const expected = Buffer.from(sealed.fingerprint, 'utf8');
        const actual = Buffer.from(fingerprint(plain), 'utf8');
        if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
          throw new Error('sealed secret does not match its fingerprint');
        }
        return plain;
      } finally {
        dataKey.fill(0);
      }
    },
  };
};
