import { describe, expect, it } from 'vitest';
import { isMask, last4Of, maskOf, maskPrefix, type SealedSecret } from '@app/contracts';
import { createSecretBox, newMasterKey, parseMasterKey } from '../../src/index';

const box = createSecretBox(parseMasterKey(newMasterKey()));
const plain = 'sk-live-0123456789-abcd';

const flip = (b64: string): string => {
  const bytes = Buffer.from(b64, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
};

describe('secret box (envelope encryption, AES-256-GCM)', () => {
  it('given a sealed value, when it is opened, then the plain value comes back', () => {
    expect(box.open(box.seal(plain))).toBe(plain);
  });

  it('round-trips empty, unicode and long values', () => {
    for (const v of ['', 'ü→ 🔑 ключ', 'x'.repeat(16 * 1024)]) expect(box.open(box.seal(v))).toBe(v);
  });

  it('the sealed form holds no trace of the value: ciphertext, wrapped key, last 4, fingerprint only', () => {
    const sealed = box.seal(plain);
    expect(JSON.stringify(sealed)).not.toContain(plain);
    expect(JSON.stringify(sealed)).not.toContain(Buffer.from(plain).toString('base64'));
    expect(Object.keys(sealed).sort()).toEqual(
      ['ciphertext', 'fingerprint', 'iv', 'keyId', 'last4', 'tag', 'version', 'wrappedKey'].sort(),
    );
    expect(sealed.version).toBe(1);
    expect(sealed.last4).toBe('abcd');
  });

  it('each seal uses a fresh data key and iv: the same value twice gives different ciphertexts, the same fingerprint', () => {
    const a = box.seal(plain);
    const b = box.seal(plain);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.iv).not.toBe(b.iv);
    expect(a.wrappedKey.ciphertext).not.toBe(b.wrappedKey.ciphertext);
    expect(a.fingerprint).toBe(b.fingerprint);
  });

  it('fingerprints tell values apart and depend on the master key', () => {
    const other = createSecretBox(parseMasterKey(newMasterKey()));
    expect(box.fingerprint('a')).not.toBe(box.fingerprint('b'));
    expect(box.fingerprint('a')).toBe(box.fingerprint('a'));
    expect(other.fingerprint('a')).not.toBe(box.fingerprint('a'));
    expect(box.fingerprint(plain)).toBe(box.seal(plain).fingerprint);
  });

  const tampered: [string, (s: SealedSecret) => SealedSecret][] = [
    ['ciphertext', (s) => ({ ...s, ciphertext: flip(s.ciphertext) })],
    ['tag', (s) => ({ ...s, tag: flip(s.tag) })],
    ['iv', (s) => ({ ...s, iv: flip(s.iv) })],
    [
      'wrapped key',
      (s) => ({ ...s, wrappedKey: { ...s.wrappedKey, ciphertext: flip(s.wrappedKey.ciphertext) } }),
    ],
    ['wrapped key tag', (s) => ({ ...s, wrappedKey: { ...s.wrappedKey, tag: flip(s.wrappedKey.tag) } })],
    ['last 4 shown in the mask', (s) => ({ ...s, last4: 'zzzz' })],
    ['fingerprint', (s) => ({ ...s, fingerprint: box.fingerprint('another value') })],
  ];
  it.each(tampered)('a sealed value whose %s was altered does not open', (_what, alter) => {
    expect(() => box.open(alter(box.seal(plain)))).toThrow();
  });

  it('a value sealed under another master key does not open', () => {
    const other = createSecretBox(parseMasterKey(newMasterKey()));
    expect(() => other.open(box.seal(plain))).toThrow(/another master key/);
    expect(() => other.open({ ...box.seal(plain), keyId: other.keyId })).toThrow();
  });

  it('the same master key (another process, another start) opens what was sealed', () => {
    const key = newMasterKey();
    const sealed = createSecretBox(parseMasterKey(key)).seal(plain);
    expect(createSecretBox(parseMasterKey(key)).open(sealed)).toBe(plain);
  });
});

describe('APP_MASTER_KEY', () => {
  it('accepts base64 and base64url of 32 bytes', () => {
    const raw = Buffer.alloc(32, 0xfb);
    expect(parseMasterKey(raw.toString('base64'))).toEqual(raw);
    expect(parseMasterKey(raw.toString('base64url'))).toEqual(raw);
    expect(parseMasterKey(` ${raw.toString('base64')}\n`)).toEqual(raw);
  });

  it.each([
    ['too short', Buffer.alloc(16).toString('base64')],
    ['too long', Buffer.alloc(33).toString('base64')],
    ['not base64', 'this is not a key at all, is it?!'],
    ['empty', ''],
  ])('refuses a key that is %s, without repeating it', (_what, value) => {
    expect(() => parseMasterKey(value)).toThrow('APP_MASTER_KEY must be the base64 of 32 random bytes');
    try {
      parseMasterKey(value);
    } catch (e) {
      if (value !== '') expect((e as Error).message).not.toContain(value);
    }
  });
});

describe('masks', () => {
  it("a mask is '••••••••' and the last 4 characters of a value of 12 characters or more", () => {
    expect(maskOf(last4Of('0123456789ab'))).toBe('••••••••89ab');
    expect(maskOf(last4Of('short-value'))).toBe(maskPrefix);
    expect(maskOf(last4Of(''))).toBe(maskPrefix);
  });

  it('the last 4 characters are characters, not UTF-16 halves', () => {
    expect(last4Of('0123456789🔑🔑🔑🔑')).toBe('🔑🔑🔑🔑');
  });

  it('recognises a mask the dialog sent back', () => {
    expect(isMask(maskOf('abcd'))).toBe(true);
    expect(isMask('a new value')).toBe(false);
  });
});
