import { describe, expect, it } from 'vitest';
import {
  findInclusionCycle,
  groupsOf,
  isMemberOf,
  membersOf,
  type GroupsByName,
} from './amplify-group-membership';

const groups: GroupsByName = {
  Everyone: { members: ['ann@example.com'] },
  Staff: { members: ['bob@example.com'], includeFromOtherGroups: ['Team'] },
  Team: { members: ['carl@example.com'], includeFromOtherGroups: ['Interns'] },
  Interns: { members: ['dora@example.com'], includeFromOtherGroups: [] },
  All: { members: [], includeFromOtherGroups: ['Staff', 'Everyone'] },
};

describe('groupsOf: explicit members plus, transitively, members of included groups', () => {
  it('a member three inclusions down belongs to every group above', () => {
    expect(groupsOf(groups, 'dora@example.com')).toEqual(['All', 'Interns', 'Staff', 'Team']);
  });

  it('a direct member of a top group belongs only to that group and those including it', () => {
    expect(groupsOf(groups, 'bob@example.com')).toEqual(['All', 'Staff']);
    expect(groupsOf(groups, 'ann@example.com')).toEqual(['All', 'Everyone']);
  });

  it('the email is matched trimmed and lower-cased; strangers belong to nothing', () => {
    expect(groupsOf(groups, ' Carl@Example.com ')).toEqual(['All', 'Staff', 'Team']);
    expect(groupsOf(groups, 'eve@example.com')).toEqual([]);
  });

  it('a cycle (refused on save, but possible in hand-made data) ends', () => {
    const cyclic: GroupsByName = {
      A: { members: ['ann@example.com'], includeFromOtherGroups: ['B'] },
      B: { members: [], includeFromOtherGroups: ['A'] },
    };
    expect(groupsOf(cyclic, 'ann@example.com')).toEqual(['A', 'B']);
    expect(membersOf(cyclic, 'B')).toEqual(['ann@example.com']);
  });

  it('an inclusion of a missing group adds nobody', () => {
    expect(membersOf({ A: { members: [], includeFromOtherGroups: ['Gone'] } }, 'A')).toEqual([]);
  });

  it("names inherited by every object ('constructor') are not groups", () => {
    expect(membersOf(groups, 'constructor')).toEqual([]);
    expect(groupsOf({ constructor: { members: ['ann@example.com'] } }, 'ann@example.com')).toEqual([
      'constructor',
    ]);
  });
});

describe('membersOf / isMemberOf', () => {
  it("a group's members: its own, then those of the groups it includes", () => {
    expect(membersOf(groups, 'All')).toEqual([
      'bob@example.com',
      'ann@example.com',
      'carl@example.com',
      'dora@example.com',
    ]);
    expect(isMemberOf(groups, 'Staff', 'DORA@example.com')).toBe(true);
    expect(isMemberOf(groups, 'Interns', 'bob@example.com')).toBe(false);
  });
});

describe('findInclusionCycle', () => {
  it('none in a tree or a diamond', () => {
    expect(findInclusionCycle(groups)).toBeNull();
    expect(
      findInclusionCycle({
        Top: { members: [], includeFromOtherGroups: ['L', 'R'] },
        L: { members: [], includeFromOtherGroups: ['Base'] },
        R: { members: [], includeFromOtherGroups: ['Base'] },
        Base: { members: [] },
      }),
    ).toBeNull();
  });

  it('a self-inclusion', () => {
    expect(findInclusionCycle({ A: { members: [], includeFromOtherGroups: ['A'] } })).toEqual(['A', 'A']);
  });

  it('the path that closes the cycle, the same whatever order the groups came in', () => {
    const cycle = {
      C: { members: [], includeFromOtherGroups: ['A'] },
      B: { members: [], includeFromOtherGroups: ['C'] },
      A: { members: [], includeFromOtherGroups: ['B'] },
      Z: { members: [], includeFromOtherGroups: ['A'] },
    };
    expect(findInclusionCycle(cycle)).toEqual(['A', 'B', 'C', 'A']);
  });

  it('a long chain does not overflow the stack', () => {
    const chain: Record<string, { members: string[]; includeFromOtherGroups: string[] }> = {};
    for (let i = 0; i < 50_000; i += 1)
      chain[`g${i}`] = { members: [], includeFromOtherGroups: [`g${i + 1}`] };
    expect(findInclusionCycle(chain)).toBeNull();
    chain['g50000'] = { members: ['ann@example.com'], includeFromOtherGroups: ['g0'] };
    expect(findInclusionCycle(chain)?.length).toBe(50_002);
  });
});
