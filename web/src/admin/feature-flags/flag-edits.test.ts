import { describe, expect, it } from 'vitest';
import { adminMessages, type FeatureFlagsSection } from '@app/contracts';
import { addFlag, checkNewFlag, flagRows, removeFlag, setExceptions, toggleFlag } from './flag-edits';

const flags: FeatureFlagsSection = {
  zeta: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
  alpha: { enabled: false, userExceptions: ['a@x.org'], amplifyGroupExceptions: ['Staff'] },
};

describe('checkNewFlag', () => {
  it('converts spaces to camelCase', () => {
    expect(checkNewFlag('  dark mode toggle ', flags)).toEqual({ ok: true, name: 'darkModeToggle' });
  });
  it('requires a name', () => {
    expect(checkNewFlag('   ', flags)).toEqual({ ok: false, message: adminMessages.featureNameRequired });
  });
  it('requires a unique name', () => {
    expect(checkNewFlag('Alpha', flags)).toEqual({ ok: false, message: adminMessages.featureNameUnique });
  });
});

describe('flag edits', () => {
  it('adds a disabled flag without exceptions', () => {
    expect(addFlag({}, 'beta')).toEqual({
      beta: { enabled: false, userExceptions: [], amplifyGroupExceptions: [] },
    });
  });
  it('toggles, removes and sets exceptions', () => {
    expect(toggleFlag(flags, 'alpha').alpha?.enabled).toBe(true);
    expect(Object.keys(removeFlag(flags, 'zeta'))).toEqual(['alpha']);
    expect(setExceptions(flags, 'zeta', 'users', ['u@x.org']).zeta?.userExceptions).toEqual(['u@x.org']);
    expect(setExceptions(flags, 'zeta', 'groups', ['Ops']).zeta?.amplifyGroupExceptions).toEqual(['Ops']);
    expect(toggleFlag(flags, 'missing')).toBe(flags);
  });
});

describe('flagRows', () => {
  it('sorts by name and marks unsaved flags', () => {
    const rows = flagRows(addFlag(flags, 'middle'), '', flags);
    expect(rows.map((r) => [r.name, r.isNew])).toEqual([
      ['alpha', false],
      ['middle', true],
      ['zeta', false],
    ]);
  });
  it('filters by the search', () => {
    expect(flagRows(flags, 'ALP', flags).map((r) => r.name)).toEqual(['alpha']);
  });
});
