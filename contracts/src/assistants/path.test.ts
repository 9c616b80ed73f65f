import { describe, expect, it } from 'vitest';
import { canUseAssistant } from './access';
import { assistantChatParams } from './assistant';
import { assistantPathMessages as m, checkAssistantPath, reservedAssistantPathTerms } from './path';

const refused = (path: string) => {
  const r = checkAssistantPath(path);
  return r.valid ? null : r.message;
};

describe('checkAssistantPath (second spec, section 5 "Assistant path")', () => {
  it('answers each rule with its message, in the spec order', () => {
    expect(refused('')).toBe(m.empty);
    expect(refused('my path')).toBe(m.characters);
    expect(refused('a.b')).toBe(m.characters);
    expect(refused('ab')).toBe(m.tooShort);
    expect(refused('a'.repeat(21))).toBe(m.tooLong);
    expect(refused('/abc')).toBe(m.slashAtEnds);
    expect(refused('abc/')).toBe(m.slashAtEnds);
    expect(refused('ab//cd')).toBe(m.consecutiveSlashes);
    expect(refused('team/admin/x')).toBe('Path contains restricted system term: admin.');
  });

  it('checks characters before length, and length before slashes', () => {
    expect(refused('a!')).toBe(m.characters);
    expect(refused('//')).toBe(m.tooShort);
    expect(refused(`/${'a'.repeat(20)}`)).toBe(m.tooLong);
  });

  it('lower-cases the path: upper-case letters are accepted, reserved words too in any case', () => {
    expect(checkAssistantPath('My-Helper_2/Docs')).toEqual({ valid: true, path: 'my-helper_2/docs' });
    expect(refused('LOGIN')).toBe('Path contains restricted system term: login.');
  });

  it('refuses each of the 12 reserved words as a segment, not as part of one', () => {
    expect(reservedAssistantPathTerms).toHaveLength(12);
    for (const term of reservedAssistantPathTerms)
      expect(refused(`x/${term}`)).toBe(`Path contains restricted system term: ${term}.`);
    expect(checkAssistantPath('administrator').valid).toBe(true);
    expect(checkAssistantPath('my-billing-bot').valid).toBe(true);
  });

  it('accepts 3 and 20 characters', () => {
    expect(checkAssistantPath('abc').valid).toBe(true);
    expect(checkAssistantPath('a'.repeat(20)).valid).toBe(true);
  });
});

describe('assistantChatParams (spec section 9)', () => {
  it('is temperature 0.7 and half the output limit, 2000 without one', () => {
    expect(assistantChatParams(8192)).toEqual({ temperature: 0.7, max_tokens: 4096 });
    expect(assistantChatParams(4097)).toEqual({ temperature: 0.7, max_tokens: 2048 });
    expect(assistantChatParams()).toEqual({ temperature: 0.7, max_tokens: 2000 });
    expect(assistantChatParams(0)).toEqual({ temperature: 0.7, max_tokens: 2000 });
  });
});

describe('canUseAssistant', () => {
  const base = { owner: 'ann@example.com', groupId: null, builtIn: false, publication: null };
  const caller = (email: string, amplifyGroups: string[] = []) => ({ email, amplifyGroups });
  it('lets the owner use an unpublished assistant, nobody else', () => {
    expect(canUseAssistant(base, caller('Ann@Example.com'))).toBe(true);
    expect(canUseAssistant(base, caller('bob@example.com'))).toBe(false);
  });
  it('public: everyone; restricted: listed users and members of listed groups', () => {
    const pub = { ...base, publication: { isPublic: true, accessTo: { amplifyGroups: [], users: [] } } };
    expect(canUseAssistant(pub, caller('bob@example.com'))).toBe(true);
    const restricted = {
      ...base,
      publication: { isPublic: false, accessTo: { amplifyGroups: ['Team'], users: ['cy@example.com'] } },
    };
    expect(canUseAssistant(restricted, caller('cy@example.com'))).toBe(true);
    expect(canUseAssistant(restricted, caller('bob@example.com', ['Team']))).toBe(true);
    expect(canUseAssistant(restricted, caller('bob@example.com', ['Other']))).toBe(false);
  });
  it('group assistants: the group decides; built-ins: everyone', () => {
    const grouped = { ...base, groupId: 'g1' };
    expect(canUseAssistant(grouped, caller('bob@example.com'))).toBe(false);
    expect(canUseAssistant(grouped, { ...caller('bob@example.com'), groupAccess: (g) => g === 'g1' })).toBe(
      true,
    );
    expect(canUseAssistant({ ...base, builtIn: true }, caller('bob@example.com'))).toBe(true);
  });
});
