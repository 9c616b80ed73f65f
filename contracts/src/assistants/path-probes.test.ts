import { describe, expect, it } from 'vitest';
import { assistantPathMessages as m, checkAssistantPath } from './path';

const refused = (path: string) => {
  const r = checkAssistantPath(path);
  return r.valid ? null : r.message;
};

describe('security probe: publishing paths cannot escape or hide a reserved word', () => {
  it('refuses traversal, encoded and backslash forms', () => {
    for (const p of ['../admin', 'a/../b', '%2e%2e/x', 'a/./b', 'a\\b', 'a b', 'abc?x=1', 'abc#x', 'a;b'])
      expect(refused(p), p).toBe(m.characters);
  });

  it('refuses look-alike letters and other scripts (only a-z, 0-9, -, _ and / pass)', () => {
    for (const p of ['аdmin', 'ａｄｍｉｎ', 'admin\u200b', 'adm\u0131n', 'İnfo', 'caf\u00e9', 'x\u0000y'])
      expect(refused(p), JSON.stringify(p)).toBe(m.characters);
  });

  it('reserved words are found whatever their case, in any segment', () => {
    expect(refused('ADMIN')).toBe(m.reservedTerm('admin'));
    expect(refused('team/Login/x')).toBe(m.reservedTerm('login'));
  });

  it('a character that lower-cases to ASCII (the Kelvin sign) gives the lower-cased ASCII path, which is what is kept', () => {
    expect(checkAssistantPath('\u212Aeys')).toEqual({ valid: true, path: 'keys' });
  });
});
