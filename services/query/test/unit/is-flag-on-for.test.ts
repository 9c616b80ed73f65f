import { describe, expect, it } from 'vitest';
import { isFlagOnFor, type FeatureFlag } from '@app/contracts';

const flag = (f: Partial<FeatureFlag>): FeatureFlag => ({
  enabled: false,
  userExceptions: [],
  amplifyGroupExceptions: [],
  ...f,
});

describe('isFlagOnFor (spec 4): enabled', () => {
  const on = flag({ enabled: true, userExceptions: ['ann@example.com'], amplifyGroupExceptions: ['Staff'] });

  it('is on for everyone', () => {
    expect(isFlagOnFor(on, 'bob@example.com', [])).toBe(true);
  });

  it('is off for a user exception', () => {
    expect(isFlagOnFor(on, 'ann@example.com', [])).toBe(false);
  });

  it('stays on for members of an excepted group (group exceptions only grant access to a disabled flag)', () => {
    expect(isFlagOnFor(on, 'bob@example.com', ['Staff'])).toBe(true);
  });

  it('is off for a user exception even when the user is also in an excepted group', () => {
    expect(isFlagOnFor(on, 'ann@example.com', ['Staff'])).toBe(false);
  });
});

describe('isFlagOnFor (spec 4): disabled', () => {
  const off = flag({
    enabled: false,
    userExceptions: ['ann@example.com'],
    amplifyGroupExceptions: ['Staff'],
  });

  it('is off for everyone', () => {
    expect(isFlagOnFor(off, 'bob@example.com', [])).toBe(false);
    expect(isFlagOnFor(off, 'bob@example.com', ['Other'])).toBe(false);
  });

  it('is on for an excepted user', () => {
    expect(isFlagOnFor(off, 'ann@example.com', [])).toBe(true);
  });

  it('is on for a member of an excepted group', () => {
    expect(isFlagOnFor(off, 'bob@example.com', ['Other', 'Staff'])).toBe(true);
  });

  it('a flag without exceptions is off for all', () => {
    expect(isFlagOnFor(flag({}), 'ann@example.com', ['Staff'])).toBe(false);
  });
});
