import { describe, expect, it } from 'vitest';
import { isMask, last4Of, maskOf, maskPrefix, type SealedSecret } from '@app/contracts';
import {
  createSecretBox,
  memoryDataKeys,
  newMasterKey,
  parseMasterKey,
  SecretUnavailableError,
  type Keyring,
} from '../../src/index';
import { sealFirstForm } from '../support/legacy-seal';

const masterKey = parseMasterKey(newMasterKey());
const box = createSecretBox(masterKey);
const store = memoryDataKeys();
const keys = box.keyringOn(store);
const plain = 'sk-live-0123456789-abcd';

const flip = (b64: string): string => {
  const bytes = Buffer.from(b64, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
};

const seal2 = async (k: Keyring, value: string) => {
  const sealed = await k.seal(value);
  if (sealed.version !== 2) throw new Error('expected the second form');
  return sealed;
};

/** Why opening failed, or 'opened'. */
const refusal = async (k: Keyring, sealed: SealedSecret): Promise<string> => {
  try {
    await k.open(sealed);
    return 'opened';
  } catch (e) {
    return e instanceof SecretUnavailableError ? e.reason : `unexpected: ${String(e)}`;
  }
};

describe('secret box (envelope encryption, AES-256-GCM, data keys apart)', () => {
  it('given a sealed value, when it is opened, then the plain value comes back', async () => {
    expect(await keys.open(await keys.seal(plain))).toBe(plain);
  });

  it('round-trips empty, unicode and long values', async () => {
    for (const v of ['', 'ü→ 🔑 ключ', 'x'.repeat(16 * 1024)])
      expect(await keys.open(await keys.seal(v))).toBe(v);
  });

  it('the sealed form holds ciphertext, a data key id, last 4 and fingerprint; the data key is a row apart, wrapped', async () => {
    const sealed = await seal2(keys, plain);
    expect(JSON.stringify(sealed)).not.toContain(plain);
    expect(JSON.stringify(sealed)).not.toContain(Buffer.from(plain).toString('base64'));
    expect(Object.keys(sealed).sort()).toEqual(
      ['ciphertext', 'dataKeyId', 'fingerprint', 'iv', 'last4', 'tag', 'version'].sort(),
    );
    expect(sealed.last4).toBe('abcd');
    const row = store.rows.get(sealed.dataKeyId);
    expect(row).toMatchObject({ id: sealed.dataKeyId, masterKeyId: box.keyId });
    expect(row?.wrappedKey).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('each seal uses a fresh data key and iv: the same value twice gives different ciphertexts, the same fingerprint', async () => {
    const a = await seal2(keys, plain);
    const b = await seal2(keys, plain);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.iv).not.toBe(b.iv);
    expect(a.dataKeyId).not.toBe(b.dataKeyId);
    expect(store.rows.get(a.dataKeyId)?.wrappedKey).not.toBe(store.rows.get(b.dataKeyId)?.wrappedKey);
    expect(a.fingerprint).toBe(b.fingerprint);
  });

  it('fingerprints tell values apart and depend on the master key', async () => {
    const other = createSecretBox(parseMasterKey(newMasterKey()));
    expect(box.fingerprint('a')).not.toBe(box.fingerprint('b'));
    expect(box.fingerprint('a')).toBe(box.fingerprint('a'));
    expect(other.fingerprint('a')).not.toBe(box.fingerprint('a'));
    expect(box.fingerprint(plain)).toBe((await keys.seal(plain)).fingerprint);
  });

  const tampered: [string, (s: SealedSecret & { version: 2 }) => Promise<SealedSecret>][] = [
    ['ciphertext', (s) => Promise.resolve({ ...s, ciphertext: flip(s.ciphertext) })],
    ['tag', (s) => Promise.resolve({ ...s, tag: flip(s.tag) })],
    ['iv', (s) => Promise.resolve({ ...s, iv: flip(s.iv) })],
    ['last 4 shown in the mask', (s) => Promise.resolve({ ...s, last4: 'zzzz' })],
    ['fingerprint', (s) => Promise.resolve({ ...s, fingerprint: box.fingerprint('another value') })],
    [
      'data key id (another live key)',
      async (s) => ({ ...s, dataKeyId: (await seal2(keys, plain)).dataKeyId }),
    ],
    ['data key id (no such key)', (s) => Promise.resolve({ ...s, dataKeyId: 'no-such-key' })],
    [
      'wrapped data key (its row)',
      (s) => {
        const row = store.rows.get(s.dataKeyId)!;
        store.rows.set(s.dataKeyId, {
          ...row,
          wrappedKey:
            flip(row.wrappedKey!.split('.')[0]!) + '.' + row.wrappedKey!.split('.').slice(1).join('.'),
        });
        return Promise.resolve(s);
      },
    ],
  ];
  it.each(tampered)('a sealed value whose %s was altered does not open', async (_what, alter) => {
    expect(await refusal(keys, await alter(await seal2(keys, plain)))).toBe('unreadable');
  });

  it('a value sealed under another master key does not open', async () => {
    const other = createSecretBox(parseMasterKey(newMasterKey())).keyringOn(store);
    expect(await refusal(other, await keys.seal(plain))).toBe('unreadable');
  });

  it('a box whose master key is not the one in use seals nothing (its keys could not be opened by the others)', async () => {
    const other = createSecretBox(parseMasterKey(newMasterKey())).keyringOn(store);
    await expect(other.seal(plain)).rejects.toMatchObject({ reason: 'master-key-not-in-use' });
  });

  it('the same master key (another process, another start) opens what was sealed', async () => {
    const key = newMasterKey();
    const shared = memoryDataKeys();
    const sealed = await createSecretBox(parseMasterKey(key)).keyringOn(shared).seal(plain);
    expect(await createSecretBox(parseMasterKey(key)).keyringOn(shared).open(sealed)).toBe(plain);
  });
});

describe('shredding: a destroyed data key leaves ciphertext nobody can read', () => {
  it('given a sealed value, when its data key is shredded, then it no longer opens and says why', async () => {
    const sealed = await seal2(keys, plain);
    const copy = structuredClone(sealed);
    expect(await keys.shred([sealed])).toBe(1);
    expect(store.rows.get(sealed.dataKeyId)?.wrappedKey).toBeNull();
    expect(sealed).toEqual(copy);
    expect(await refusal(keys, sealed)).toBe('shredded');
  });

  it('a data key still used by a kept value is not destroyed; shredding twice destroys nothing more', async () => {
    const shared = await keys.seal(plain);
    const gone = await keys.seal('gone-value-0000');
    expect(await keys.shred([shared, gone], [shared])).toBe(1);
    expect(await keys.open(shared)).toBe(plain);
    expect(await refusal(keys, gone)).toBe('shredded');
    expect(await keys.shred([gone])).toBe(0);
  });

  it('needs no master key: another box shreds, and nobody opens after', async () => {
    const sealed = await keys.seal(plain);
    await createSecretBox(parseMasterKey(newMasterKey())).keyringOn(store).shred([sealed]);
    expect(await refusal(keys, sealed)).toBe('shredded');
  });
});

describe('the first form (data key inline), as old logs hold it', () => {
  const old = sealFirstForm(masterKey, plain);

  it('still opens with its master key', async () => {
    expect(await keys.open(old)).toBe(plain);
    expect(old.fingerprint).toBe(box.fingerprint(plain));
  });

  it('does not open under another master key, nor altered', async () => {
    expect(await refusal(createSecretBox(parseMasterKey(newMasterKey())).keyringOn(store), old)).toBe(
      'unreadable',
    );
    expect(await refusal(keys, { ...old, ciphertext: flip(old.ciphertext) })).toBe('unreadable');
    expect(
      await refusal(keys, { ...old, wrappedKey: { ...old.wrappedKey, tag: flip(old.wrappedKey.tag) } }),
    ).toBe('unreadable');
  });

  it('is refused once shredded, although its wrapped key is in the log (gone for good after a rotation)', async () => {
    const other = sealFirstForm(masterKey, 'another old value');
    expect(await keys.shred([other])).toBe(0);
    expect(await refusal(keys, other)).toBe('shredded');
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
