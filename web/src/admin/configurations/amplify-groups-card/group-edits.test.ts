import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  defaultAmplifyGroup,
  platformMessages,
  type AmplifyGroup,
  type AmplifyGroupsSection,
} from '@app/contracts';
import {
  addGroup,
  checkNewGroup,
  deleteGroup,
  firstOf,
  groupRows,
  includedBy,
  inclusionOptions,
  inclusionRefusal,
  setBilling,
  setGroupRateLimit,
  setInclusions,
  setMembers,
} from './group-edits';

const group = (name: string, over: Partial<AmplifyGroup> = {}): AmplifyGroup => ({
  ...defaultAmplifyGroup(name, 'admin@x.org'),
  ...over,
});
const system = (name: string, members: string[] = []): AmplifyGroup => {
  const { includeFromOtherGroups: _none, ...rest } = group(name, { members });
  return rest;
};

const groups: AmplifyGroupsSection = {
  Eng: group('Eng', { members: ['ann@x.org'], includeFromOtherGroups: ['Ops'] }),
  Ops: group('Ops', { members: ['bob@x.org'] }),
  Staff: system('Staff', ['carl@x.org']),
};

describe('creating a group', () => {
  it('needs a name', () => {
    expect(checkNewGroup('   ', groups)).toEqual({ ok: false, message: adminMessages.groupNameRequired });
  });
  it('needs a name no other group has, whatever the case', () => {
    expect(checkNewGroup(' eng ', groups)).toEqual({
      ok: false,
      message: adminMessages.groupNameExists('eng'),
    });
    expect(checkNewGroup(' Sales ', groups)).toEqual({ ok: true, name: 'Sales' });
  });
  it('takes the defaults and the creator', () => {
    expect(addGroup({}, 'Sales', 'me@x.org')).toEqual({ Sales: defaultAmplifyGroup('Sales', 'me@x.org') });
  });
});

describe('deleting a group', () => {
  it('removes it from the groups that include it', () => {
    expect(includedBy(groups, 'Ops')).toEqual(['Eng']);
    const next = deleteGroup(groups, 'Ops');
    expect(Object.keys(next)).toEqual(['Eng', 'Staff']);
    expect(next.Eng?.includeFromOtherGroups).toEqual([]);
  });
  it('leaves a system group alone', () => {
    expect(deleteGroup(groups, 'Staff')).toBe(groups);
  });
});

describe('editing a group', () => {
  it('sets members, inclusions, billing and rate limit', () => {
    expect(setMembers(groups, 'Ops', ['dan@x.org']).Ops?.members).toEqual(['dan@x.org']);
    expect(setInclusions(groups, 'Ops', ['Staff']).Ops?.includeFromOtherGroups).toEqual(['Staff']);
    expect(setBilling(groups, 'Staff', true).Staff?.isBillingGroup).toBe(true);
    expect(setGroupRateLimit(groups, 'Staff', () => ({ period: 'Daily', rate: 5 })).Staff?.rateLimit).toEqual(
      {
        period: 'Daily',
        rate: 5,
      },
    );
  });
  it('keeps a system group’s members and inclusions', () => {
    expect(setMembers(groups, 'Staff', [])).toEqual(groups);
    expect(setInclusions(groups, 'Staff', ['Eng']).Staff).toEqual(groups.Staff);
  });
  it('ignores an unknown group', () => {
    expect(setBilling(groups, 'Nope', true)).toBe(groups);
  });
});

describe('inclusions', () => {
  it('refuses one that would make a cycle, naming it', () => {
    expect(inclusionRefusal(groups, 'Ops', [], 'Eng')).toBe(
      platformMessages.groupInclusionCycle(['Eng', 'Ops', 'Eng']),
    );
    expect(inclusionRefusal(groups, 'Ops', ['Staff'], 'Staff')).toBeNull();
    expect(inclusionRefusal(groups, 'Eng', ['Ops'], 'Staff')).toBeNull();
  });
  it('offers every other group', () => {
    expect(inclusionOptions(groups, 'Eng')).toEqual(['Ops', 'Staff']);
  });
});

describe('rows', () => {
  it('sorts, marks new and system groups and counts members through inclusions', () => {
    const rows = groupRows(groups, '', { Eng: groups.Eng!, Staff: groups.Staff! });
    expect(rows.map((r) => [r.groupName, r.isNew, r.isSystem, r.memberCount])).toEqual([
      ['Eng', false, false, 2],
      ['Ops', true, false, 1],
      ['Staff', false, true, 1],
    ]);
  });
  it('filters on names and members', () => {
    expect(groupRows(groups, 'st', groups).map((r) => r.groupName)).toEqual(['Staff']);
    expect(groupRows(groups, 'bob', groups).map((r) => r.groupName)).toEqual(['Ops']);
    expect(groupRows(groups, 'zzz', groups)).toEqual([]);
  });
  it('shows the first few items and counts the rest', () => {
    expect(firstOf(['a', 'b', 'c'], 2)).toEqual({ shown: ['a', 'b'], more: 1 });
    expect(firstOf(['a'], 2)).toEqual({ shown: ['a'], more: 0 });
  });
});
