import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** AES-256-GCM with a random 96-bit iv: the one cipher of the secrets module. */
const algorithm = 'aes-256-gcm';
const ivBytes = 12;

export interface SealedParts {
  iv: string;
  tag: string;
  ciphertext: string;
}

export const b64 = (b: Buffer): string => b.toString('base64url');
export const unb64 = (s: string): Buffer => Buffer.from(s, 'base64url');

/** A 32-byte key for one purpose, derived from the master key (HKDF-SHA256). */
export const derive = (master: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `chat-platform/secrets/${purpose}/v1`, 32));

/** `plain` under `key`; `aad` is authenticated with it (changing it makes decrypt fail). */
export const encrypt = (key: Buffer, plain: Buffer, aad: string): SealedParts => {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv(algorithm, key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv: b64(iv), tag: b64(cipher.getAuthTag()), ciphertext: b64(ciphertext) };
};

/** The plain bytes; throws when the key, the parts or the aad are not the ones sealed. */
export const decrypt = (key: Buffer, part: SealedParts, aad: string): Buffer => {
  const decipher = createDecipheriv(algorithm, key, unb64(part.iv));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(unb64(part.tag));
  return Buffer.concat([decipher.update(unb64(part.ciphertext)), decipher.final()]);
};

/** The parts as one column value: `iv.tag.ciphertext`. */
export const joinParts = (p: SealedParts): string => `${p.iv}.${p.tag}.${p.ciphertext}`;

export const splitParts = (text: string): SealedParts => {
  const [iv = '', tag = '', ciphertext = ''] = text.split('.');
  return { iv, tag, ciphertext };
};
