import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newMasterKey, parseMasterKey, resolveMasterKey } from '../../src/index';

const dir = mkdtempSync(path.join(tmpdir(), 'master-key-'));
const fileWith = (name: string, text: string): string => {
  const file = path.join(dir, name);
  writeFileSync(file, text, { mode: 0o600 });
  return file;
};

describe('APP_MASTER_KEY or APP_MASTER_KEY_FILE', () => {
  it('given APP_MASTER_KEY, then it is the key (the file is not read)', () => {
    const key = newMasterKey();
    expect(resolveMasterKey({ APP_MASTER_KEY: key, APP_MASTER_KEY_FILE: '/no/such/file' })).toEqual(
      parseMasterKey(key),
    );
  });

  it('given only APP_MASTER_KEY_FILE, then the key is the file contents (trailing newline and all)', () => {
    const key = newMasterKey();
    expect(resolveMasterKey({ APP_MASTER_KEY_FILE: fileWith('key', `${key}\n`) })).toEqual(
      parseMasterKey(key),
    );
  });

  it('given neither, then there is no key', () => {
    expect(resolveMasterKey({})).toBeUndefined();
  });

  it('a file that cannot be read is refused, naming the setting and the path', () => {
    expect(() => resolveMasterKey({ APP_MASTER_KEY_FILE: path.join(dir, 'missing') })).toThrow(
      /APP_MASTER_KEY_FILE names a file that cannot be read: .*missing \(ENOENT\)/,
    );
  });

  it('a file that holds no key is refused, naming the file, never its contents', () => {
    const contents = 'not-a-key-but-maybe-a-secret-of-someone';
    const file = fileWith('bad', contents);
    expect(() => resolveMasterKey({ APP_MASTER_KEY_FILE: file })).toThrow(
      `APP_MASTER_KEY_FILE (${file}) must be the base64 of 32 random bytes`,
    );
    try {
      resolveMasterKey({ APP_MASTER_KEY_FILE: file });
    } catch (e) {
      expect((e as Error).message).not.toContain(contents);
    }
  });
});
